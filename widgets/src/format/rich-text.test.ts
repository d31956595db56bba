import { expect } from '@open-wc/testing'
import { render } from 'lit'
import { parseRichText, renderRichText, richTextAsPlain } from './rich-text.js'

/** Renders the text into a fresh element and returns its HTML, without Lit's comment markers. */
function htmlOf(text: string): string {
  const div = document.createElement('div')
  render(renderRichText(text), div)
  return div.innerHTML.replace(/<!--[^>]*-->/g, '')
}

// Lit sets bound attributes after the static ones.
const link = (href: string, label = href) => `<a target="_blank" rel="noopener noreferrer nofollow" href="${href}">${label}</a>`

describe('rich text (docs/embed-api.md, "Text in bios and abstracts")', () => {
  it('renders the documented example: two paragraphs, emphasis, strong emphasis and two links', () => {
    const text =
      'Why now.\n\nWhat *works*, what **does not**, and [the patches](https://lore.example/rust) so far: https://rust.example/kernel'
    expect(htmlOf(text)).to.equal(
      `<p>Why now.</p><p>What <em>works</em>, what <strong>does not</strong>, and ${link('https://lore.example/rust', 'the patches')} so far: ${link('https://rust.example/kernel')}</p>`,
    )
  })

  it('makes paragraphs at blank lines (also lines of spaces) and line breaks inside them, trimmed', () => {
    expect(htmlOf('  one\ntwo  \n   \n\n three\r\n\r\nfour ')).to.equal('<p>one<br>two</p><p>three</p><p>four</p>')
    expect(parseRichText('\n\n  \n')).to.deep.equal([])
  })

  it('keeps markup characters as text: HTML, entities, headings and lists are not markup', () => {
    const div = document.createElement('div')
    render(renderRichText('<img src=x onerror="window.__rich=1"> &amp; <b>bold</b>\n# Title\n- item'), div)
    expect(div.querySelector('img, b')).to.be.null
    expect(div.textContent).to.equal('<img src=x onerror="window.__rich=1"> &amp; <b>bold</b># Title- item')
    expect((window as { __rich?: number }).__rich).to.be.undefined
  })

  it('links only http and https URLs; other schemes stay text as written', () => {
    expect(htmlOf('[x](javascript:alert(1)) [y](mailto:a@b.example) [z](HTTPS://ok.example)')).to.equal(
      `<p>[x](javascript:alert(1)) [y](mailto:a@b.example) ${link('HTTPS://ok.example', 'z')}</p>`,
    )
    // Not links of the [label](url) kind; the URLs in them are still bare URLs.
    expect(htmlOf('[spaced](https://a.example/b c) [](https://b.example) [open](https://c.example')).to.equal(
      `<p>[spaced](${link('https://a.example/b')} c) [](${link('https://b.example')}) [open](${link('https://c.example')}</p>`,
    )
  })

  it('ends a bare URL at a space, without trailing punctuation or quotes, and not inside a word', () => {
    expect(htmlOf('See https://a.example/x). Or (http://b.example/y?q=1), “https://c.example”! xhttps://d.example')).to.equal(
      `<p>See ${link('https://a.example/x')}). Or (${link('http://b.example/y?q=1')}), “${link('https://c.example')}”! xhttps://d.example</p>`,
    )
    expect(htmlOf('https:// alone')).to.equal('<p>https:// alone</p>')
  })

  it('needs emphasis to open before and close after a non-space, within one paragraph', () => {
    expect(htmlOf('a * b * c, 2*3*4, *x*')).to.equal('<p>a * b * c, 2<em>3</em>4, <em>x</em></p>')
    expect(htmlOf('*across\nlines*')).to.equal('<p><em>across<br>lines</em></p>')
    expect(htmlOf('*one\n\ntwo*')).to.equal('<p>*one</p><p>two*</p>')
    expect(htmlOf('unmatched *star and **stars')).to.equal('<p>unmatched *star and **stars</p>')
  })

  it('nests emphasis and strong emphasis once, either way round', () => {
    expect(htmlOf('*a **b** c*')).to.equal('<p><em>a <strong>b</strong> c</em></p>')
    expect(htmlOf('**a *b* c**')).to.equal('<p><strong>a <em>b</em> c</strong></p>')
  })

  it('keeps links out of emphasis, and stars in a link label as text', () => {
    expect(htmlOf('[*not em*](https://a.example)')).to.equal(`<p>${link('https://a.example', '*not em*')}</p>`)
    expect(htmlOf('*see [it](https://a.example)*')).to.equal(`<p>*see ${link('https://a.example', 'it')}*</p>`)
  })

  it('reads \\*, \\[ and \\\\ as the characters themselves, and other backslashes as written', () => {
    expect(htmlOf('\\*not em\\* \\[x](https://a.example) a\\\\b \\n')).to.equal(
      `<p>*not em* [x](${link('https://a.example')}) a\\b \\n</p>`,
    )
    expect(htmlOf('*a\\*')).to.equal('<p>*a*</p>')
  })

  it('reads as plain text with the same words: no stars, links as "label (address)", escapes resolved', () => {
    const text =
      'Why now.\n\nWhat *works*, what **does not**, and [the patches](https://lore.example/rust) so far: https://rust.example/kernel'
    expect(richTextAsPlain(text)).to.equal(
      'Why now.\n\nWhat works, what does not, and the patches (https://lore.example/rust) so far: https://rust.example/kernel',
    )
    expect(richTextAsPlain('  one\ntwo \n\n\n \\*kept\\* *a **b** c*')).to.equal('one\ntwo\n\n*kept* a b c')
    expect(richTextAsPlain('[x](javascript:alert(1)) <b>')).to.equal('[x](javascript:alert(1)) <b>')
  })
})
