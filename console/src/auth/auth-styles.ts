import { css } from 'lit'

/** The signed-out pages: one narrow column. */
export const authStyles = css`
  :host {
    display: block;
  }
  form {
    display: flex;
    flex-direction: column;
    gap: var(--wa-space-m);
  }
  h1 {
    font-size: var(--wa-font-size-2xl);
    margin: 0 0 var(--wa-space-m);
  }
  p {
    margin: 0 0 var(--wa-space-m);
  }
  .links {
    display: flex;
    flex-direction: column;
    gap: var(--wa-space-xs);
    margin-block-start: var(--wa-space-l);
  }
  .field-error {
    color: var(--wa-color-danger-on-quiet);
  }
  ul.issues {
    margin: 0;
    padding-inline-start: var(--wa-space-l);
  }
`
