import { css } from 'lit'

/** Speaker profile (gallery dialog and speaker card). */
export const speakerStyles = css`
  .profile__head {
    display: flex;
    align-items: center;
    gap: 1rem;
  }
  .profile__who {
    display: grid;
    gap: 0.15rem;
    min-width: 0;
  }
  .profile__name {
    font-size: 1.35rem;
    font-weight: 750;
    line-height: 1.2;
    letter-spacing: -0.01em;
    overflow-wrap: anywhere;
  }
  .profile__aff {
    font-size: 0.9375rem;
  }
  .links {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .link-chip {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
    min-height: 2rem;
    padding: 0.2rem 0.7rem;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_bg);
    color: var(--_text);
    font-size: 0.8125rem;
    font-weight: 550;
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  .link-chip:hover {
    border-color: var(--_accent);
    color: var(--_accent);
  }
  .link-chip .icon {
    width: 1rem;
    height: 1rem;
  }
  .sv__headrow {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    justify-content: space-between;
    gap: 0 1rem;
  }
  .sv__zone {
    margin-bottom: 0.5rem;
    font-size: 0.75rem;
    color: var(--_muted);
  }
  .talks {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .talk,
  .talk__open {
    display: grid;
    justify-items: start;
    gap: 0.2rem;
  }
  .talk {
    padding: 0.65rem 0.8rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
  }
  .talk:has(> .talk__open) {
    padding: 0;
  }
  .talk__open {
    width: 100%;
    padding: 0.65rem 0.8rem;
    border: 0;
    border-radius: inherit;
    background: none;
    text-align: left;
    cursor: pointer;
  }
  .talk__open:hover .talk__title {
    color: var(--_accent);
    text-decoration: underline;
  }
  .talk__title {
    font-weight: 650;
    overflow-wrap: anywhere;
  }
  .talk__meta {
    font-size: 0.8125rem;
    color: var(--_muted);
  }
`
