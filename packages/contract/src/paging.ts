/** The one shape of every list answer: the page's rows, how many match in all, and which page this is. */
export interface Paged<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** What a list call asks for: 1-based page number and rows per page. */
export interface PageRequest {
  page: number;
  pageSize: number;
}
