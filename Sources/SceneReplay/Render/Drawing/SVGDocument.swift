import SceneFormat
import SpatialMath

/// A minimal SVG 1.1 builder for the pictures (`FrameRenderer`, `TopDownRenderer`,
/// `ReplayHTMLReport`): elements are appended in order, text is XML-escaped and every number is
/// written with at most two decimals in a fixed form (`12.5`, `-0.25`, never `-0` or an exponent),
/// so the same drawing is the same bytes on every run and platform.
///
/// Coordinates are SVG user units (1 unit = 1 CSS pixel at 100 %), origin top-left, y down.
public struct SVGDocument: Sendable, Hashable {
  /// The canvas width, user units.
  public let width: Double
  /// The canvas height, user units.
  public let height: Double
  /// The elements written so far, one per line.
  private(set) var body: [String] = []

  /// Creates an empty document of `width` x `height` user units (non-finite or negative sizes
  /// become 0).
  public init(width: Double, height: Double) {
    self.width = width.isFinite ? max(0, width) : 0
    self.height = height.isFinite ? max(0, height) : 0
  }

  /// Appends a raw element; `markup` must already be well-formed and escaped.
  public mutating func append(raw markup: String) { body.append(markup) }

  /// An axis-aligned rectangle (`rect` in user units; any sign of size).
  public mutating func rect(_ rect: Rect, style: String) {
    let r = rect.standardized
    body.append(
      "<rect x=\"\(Self.number(r.origin.x))\" y=\"\(Self.number(r.origin.y))\" width=\"\(Self.number(r.width))\" height=\"\(Self.number(r.height))\" \(style)/>"
    )
  }

  /// A straight segment from `a` to `b`; `title` (escaped) becomes its tooltip.
  public mutating func line(from a: Point, to b: Point, style: String, title: String? = nil) {
    body.append(
      "<line x1=\"\(Self.number(a.x))\" y1=\"\(Self.number(a.y))\" x2=\"\(Self.number(b.x))\" y2=\"\(Self.number(b.y))\" \(style)"
        + Self.closing(title: title, element: "line"))
  }

  /// An open polyline through `points` (nothing for fewer than two points); coordinates with at
  /// most `decimals` (1 or 2) decimals, 1 for long data series where 0.1 unit is invisible.
  public mutating func polyline(_ points: [Point], style: String, decimals: Int = 2) {
    guard points.count >= 2 else { return }
    body.append("<polyline points=\"\(Self.pointList(points, decimals: decimals))\" \(style)/>")
  }

  /// A closed polygon through `points` (nothing for fewer than three points); coordinates with
  /// at most `decimals` (1 or 2) decimals.
  public mutating func polygon(_ points: [Point], style: String, decimals: Int = 2) {
    guard points.count >= 3 else { return }
    body.append("<polygon points=\"\(Self.pointList(points, decimals: decimals))\" \(style)/>")
  }

  /// Separate straight segments as one `path` (`M a L b` per segment; nothing for none), for
  /// many thin lines in one style such as a wireframe.
  public mutating func segments(_ segments: [(Point, Point)], style: String) {
    guard !segments.isEmpty else { return }
    let d = segments.map { a, b in
      "M\(Self.number(a.x)) \(Self.number(a.y))L\(Self.number(b.x)) \(Self.number(b.y))"
    }.joined()
    body.append("<path d=\"\(d)\" \(style)/>")
  }

  /// A circle of `radius` user units about `center`; `title` (escaped) becomes its tooltip.
  public mutating func circle(
    center: Point, radius: Double, style: String, title: String? = nil
  ) {
    body.append(
      "<circle cx=\"\(Self.number(center.x))\" cy=\"\(Self.number(center.y))\" r=\"\(Self.number(radius))\" \(style)"
        + Self.closing(title: title, element: "circle"))
  }

  /// `/>`, or `>` + the escaped tooltip + the closing tag.
  static func closing(title: String?, element: String) -> String {
    guard let title else { return "/>" }
    return "><title>\(escaped(title))</title></\(element)>"
  }

  /// Text whose baseline starts at `origin` (`anchor`: `start`, `middle` or `end`); `text` is
  /// escaped.
  public mutating func text(
    _ text: String, at origin: Point, size: Double = 12, anchor: String = "start",
    style: String = "fill=\"#222\""
  ) {
    body.append(
      "<text x=\"\(Self.number(origin.x))\" y=\"\(Self.number(origin.y))\" font-size=\"\(Self.number(size))\" text-anchor=\"\(anchor)\" \(style)>\(Self.escaped(text))</text>"
    )
  }

  /// Opens a group (`<g attributes>`); close it with `endGroup()`.
  public mutating func beginGroup(_ attributes: String = "") {
    body.append(attributes.isEmpty ? "<g>" : "<g \(attributes)>")
  }

  /// Closes the group opened last.
  public mutating func endGroup() { body.append("</g>") }

  /// The document as one `<svg>` element (no XML declaration, so it can also be inlined in
  /// HTML), ending in a newline.
  public var markup: String {
    let w = Self.number(width)
    let h = Self.number(height)
    var lines = [
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"sans-serif\">"
    ]
    lines += body
    lines.append("</svg>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// A number with at most two decimals, trailing zeros dropped, no `-0`; non-finite values are
  /// written `0` (callers drop non-finite geometry before drawing).
  public static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    let hundredths = (value * 100).rounded()
    guard abs(hundredths) < 1e15 else { return hundredths < 0 ? "-1e13" : "1e13" }
    let n = Int64(hundredths)
    if n == 0 { return "0" }
    let sign = n < 0 ? "-" : ""
    let magnitude = n.magnitude
    let whole = magnitude / 100
    let fraction = magnitude % 100
    if fraction == 0 { return "\(sign)\(whole)" }
    if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
    return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, and control characters other
  /// than tab and newline dropped (they are not allowed in XML 1.0).
  public static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      case "\t", "\n": result.unicodeScalars.append(scalar)
      default:
        if scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  static func pointList(_ points: [Point], decimals: Int = 2) -> String {
    func write(_ value: Double) -> String {
      decimals == 1 ? number((value * 10).rounded() / 10) : number(value)
    }
    return points.map { "\(write($0.x)),\(write($0.y))" }.joined(separator: " ")
  }
}
