import SceneFormat

/// What the browser's layout says about a rendered page (``HeadlessBrowser``): the boxes of all
/// visible text as the browser laid it out, and the problems found among them. Not API.
///
/// Text boxes are the DOM's: `getBoundingClientRect()` of every SVG `<text>` and
/// `Range.getClientRects()` of every other visible text node (one box per line), in page
/// coordinates (CSS px). Two boxes overlap when they share more than 1 px in both directions.
public struct PageInspection: Sendable {
  /// A box in page coordinates, CSS px.
  public struct Box: Sendable, Hashable {
    /// Left, top, right and bottom edges.
    public var left, top, right, bottom: Double
  }

  /// The window's inner size, CSS px.
  public var viewportWidth: Double
  /// The window's inner height.
  public var viewportHeight: Double
  /// The document's scroll width (wider than the window: something sticks out sideways).
  public var scrollWidth: Double
  /// The document's height.
  public var scrollHeight: Double
  /// The number of text boxes checked.
  public var textCount: Int
  /// Pairs of texts whose boxes overlap (`"a" / "b" at x,y`), at most 20.
  public var overlaps: [String]
  /// SVG texts not inside their picture's box, at most 20.
  public var outsidePicture: [String]
  /// Texts reaching past the right edge of the window, at most 20.
  public var outsideWindow: [String]
  /// Labels of things in a frame picture's viewport that are not inside the viewport, at most 20.
  public var outsideFrameViewport: [String]
  /// Texts smaller than 12 px, at most 20.
  public var smallText: [String]
  /// The boxes of the elements asked for by selector (absent when not found).
  public var elements: [String: Box]

  /// The script that measures the page; `selectors` name the elements whose boxes to report.
  static func script(selectors: [String]) -> String {
    let list = selectors.map { "'\($0)'" }.joined(separator: ",")
    return """
      (() => {
        const sx = window.scrollX, sy = window.scrollY;
        const box = r => ({left: r.left + sx, top: r.top + sy, right: r.right + sx, bottom: r.bottom + sy});
        const items = [];
        const small = [];
        for (const t of document.querySelectorAll('svg text')) {
          const r = t.getBoundingClientRect();
          if (r.width <= 0 || r.height <= 0) continue;
          items.push({text: t.textContent, box: box(r), svg: t.ownerSVGElement, el: t});
          if (parseFloat(getComputedStyle(t).fontSize) < 11.99) small.push(t.textContent);
        }
        const walker = document.body ? document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT) : null;
        const range = document.createRange();
        for (let n = walker ? walker.nextNode() : null; n; n = walker.nextNode()) {
          if (!n.textContent.trim() || n.parentElement.closest('svg, style, script, title, head')) continue;
          range.selectNodeContents(n);
          for (const r of range.getClientRects()) {
            if (r.width <= 0 || r.height <= 0) continue;
            items.push({text: n.textContent.trim().slice(0, 40), box: box(r), svg: null, el: n.parentElement});
          }
          if (parseFloat(getComputedStyle(n.parentElement).fontSize) < 11.99) small.push(n.textContent.trim().slice(0, 40));
        }
        const sorted = items.slice().sort((a, b) => a.box.left - b.box.left);
        const overlaps = [];
        const active = [];
        for (const a of sorted) {
          for (let i = active.length - 1; i >= 0; i--) if (active[i].box.right <= a.box.left + 1) active.splice(i, 1);
          for (const b of active) {
            const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (w > 1 && h > 1 && overlaps.length < 20)
              overlaps.push(`"${b.text}" / "${a.text}" at ${Math.round(a.box.left)},${Math.round(a.box.top)}`);
          }
          active.push(a);
        }
        const outsidePicture = [];
        for (const it of items) {
          if (!it.svg) continue;
          const s = box(it.svg.getBoundingClientRect());
          const b = it.box;
          if ((b.left < s.left - 0.5 || b.right > s.right + 0.5 || b.top < s.top - 0.5 || b.bottom > s.bottom + 0.5) && outsidePicture.length < 20)
            outsidePicture.push(`"${it.text}"`);
        }
        const outsideWindow = items.filter(it => it.box.right > window.innerWidth + 0.5).slice(0, 20).map(it => `"${it.text}"`);
        const outsideFrameViewport = [];
        for (const g of document.querySelectorAll('g[id$="viewport"]')) {
          const bg = g.querySelector(':scope > rect');
          if (!bg) continue;
          const v = box(bg.getBoundingClientRect());
          for (const t of g.querySelectorAll('text.label:not(.arrow-label)')) {
            const b = box(t.getBoundingClientRect());
            if ((b.left < v.left - 0.5 || b.right > v.right + 0.5 || b.top < v.top - 0.5 || b.bottom > v.bottom + 0.5) && outsideFrameViewport.length < 20)
              outsideFrameViewport.push(`"${t.textContent}"`);
          }
        }
        const elements = {};
        for (const s of [\(list)]) {
          const e = document.querySelector(s);
          if (e) elements[s] = box(e.getBoundingClientRect());
        }
        return {viewportWidth: window.innerWidth, viewportHeight: window.innerHeight,
          scrollWidth: document.documentElement.scrollWidth, scrollHeight: document.documentElement.scrollHeight,
          textCount: items.length, overlaps, outsidePicture, outsideWindow, outsideFrameViewport,
          smallText: small.slice(0, 20), elements};
      })()
      """
  }

  /// Measures the page open in `browser`.
  ///
  /// - Throws: `HeadlessBrowser.Failure` when the script fails or returns something else.
  public init(of browser: HeadlessBrowser, selectors: [String] = []) throws {
    let value = try browser.evaluate(Self.script(selectors: selectors))
    func number(_ key: String) throws -> Double {
      guard case .number(let n)? = value[key] else {
        throw HeadlessBrowser.Failure(description: "inspection: no \(key) in \(value)")
      }
      return n
    }
    func strings(_ key: String) -> [String] {
      guard case .array(let items)? = value[key] else { return [] }
      return items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }
    viewportWidth = try number("viewportWidth")
    viewportHeight = try number("viewportHeight")
    scrollWidth = try number("scrollWidth")
    scrollHeight = try number("scrollHeight")
    textCount = Int(try number("textCount"))
    overlaps = strings("overlaps")
    outsidePicture = strings("outsidePicture")
    outsideWindow = strings("outsideWindow")
    outsideFrameViewport = strings("outsideFrameViewport")
    smallText = strings("smallText")
    var boxes: [String: Box] = [:]
    if case .object(let members)? = value["elements"] {
      for (selector, entry) in members {
        guard case .number(let l)? = entry["left"], case .number(let t)? = entry["top"],
          case .number(let r)? = entry["right"], case .number(let b)? = entry["bottom"]
        else { continue }
        boxes[selector] = Box(left: l, top: t, right: r, bottom: b)
      }
    }
    elements = boxes
  }
}
