/** A workspace rarely keeps more than a few dozen templates of a kind; one page of 200 is the whole list. */
export const TEMPLATES_PER_PAGE = 200;
