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
  .profile__bio {
    line-height: 1.6;
  }
  .talks {
    display: grid;
    gap: 0.5rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .talk {
    display: grid;
    justify-items: start;
    gap: 0.2rem;
    padding: 0.65rem 0.8rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 0.8);
    background: var(--_surface);
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
