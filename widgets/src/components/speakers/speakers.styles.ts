import { css } from 'lit'
import { reservedSize } from '../../styles/theme.styles.js'

export const speakersStyles = css`
  ${reservedSize('service-speakers')}
  .root {
    padding: clamp(0.75rem, 2.5vw, 1.25rem);
  }
  .gallery {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(10.5rem, 1fr));
    gap: 1rem;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .tile {
    display: grid;
    justify-items: center;
    align-content: start;
    gap: 0.75rem;
    width: 100%;
    height: 100%;
    padding: 1.25rem 0.75rem 1rem;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.2);
    background: var(--_surface);
    text-align: center;
    cursor: pointer;
    transition: transform 0.15s, box-shadow 0.15s, border-color 0.15s;
  }
  .tile:hover {
    transform: translateY(-2px);
    box-shadow: var(--_shadow);
    border-color: color-mix(in srgb, var(--_accent) 45%, var(--_border));
  }
  .tile__text {
    display: grid;
    gap: 0.15rem;
  }
  .tile__name {
    font-weight: 650;
    line-height: 1.3;
  }
  .tile__aff {
    font-size: 0.8125rem;
    line-height: 1.35;
    color: var(--_muted);
  }
  .gallery--list {
    grid-template-columns: 1fr;
    gap: 0.5rem;
  }
  .gallery--list .tile {
    grid-template-columns: auto 1fr;
    justify-items: start;
    align-items: center;
    padding: 0.65rem 0.9rem;
    text-align: left;
  }
  .carousel {
    display: grid;
    gap: 0.75rem;
  }
  .carousel__controls {
    display: flex;
    align-items: center;
    justify-content: end;
    gap: 0.5rem;
  }
  .carousel__btn {
    width: 2.25rem;
    justify-content: center;
    padding: 0;
    border-radius: 50%;
  }
  .carousel__pos {
    min-width: 4.5rem;
    font-size: 0.875rem;
    font-variant-numeric: tabular-nums;
    text-align: center;
    color: var(--_muted);
  }
  /* Pages side by side in a box that scrolls and snaps to them; each page as many tiles wide as
     fit (--_per, measured), tiles as tall as their own content. */
  .carousel__pages {
    display: grid;
    grid-auto-flow: column;
    grid-auto-columns: 100%;
    grid-template-columns: none;
    gap: 0;
    overflow-x: auto;
    overscroll-behavior-x: contain;
    scroll-snap-type: x mandatory;
    scrollbar-width: none;
  }
  .carousel__pages::-webkit-scrollbar {
    display: none;
  }
  .slide {
    display: grid;
    grid-template-columns: repeat(var(--_per, 1), minmax(0, 1fr));
    align-items: start;
    gap: 1rem;
    padding: 0.25rem;
    scroll-snap-align: start;
    scroll-snap-stop: always;
  }
  .slide .tile {
    height: auto;
  }
  @media print {
    .carousel__controls {
      display: none;
    }
    .carousel__pages {
      display: block;
      overflow: visible;
    }
    .slide {
      margin-bottom: 1rem;
    }
    .tile {
      break-inside: avoid;
    }
  }
`
