import Placement
import SceneFormat

/// The colours and stroke styles the pictures share (SVG attribute text), so the frame picture,
/// the top-down picture and the report agree.
enum RenderStyle {
  /// The stroke colour of a marker state: tentative amber, confirmed green, coasting blue-grey.
  static func color(of state: MarkerState) -> String {
    switch state {
    case .tentative: "#d99a00"
    case .confirmed: "#1a9e3a"
    case .coasting: "#6b7f99"
    }
  }

  /// A colour per marker id, cycling through ten distinguishable hues dark enough for text on
  /// white.
  static func trackColor(id: Int) -> String {
    let palette = [
      "#1f77b4", "#d62728", "#2b8a2b", "#8250b8", "#c85a00", "#0f8795", "#8c564b", "#c2417f",
      "#666666", "#7f7d00",
    ]
    let i = ((id % palette.count) + palette.count) % palette.count
    return palette[i]
  }

  static let detection = "#e4572e"
  static let modelRegion = "#1d4ed8"
  static let plane = "#2f9e8f"
  static let hit = "#111111"
  static let failure = "#c0392b"
  static let imageFill = "#d4d4d4"
  static let imageGrid = "#b8b8b8"
  static let viewportBackground = "#3a3a3a"
  static let truth = "#7b3fa0"
  /// Error lines from a marker to its truth object, and the error series of the report.
  static let error = "#c2185b"
  static let camera = "#555555"
  /// The truth surfaces' triangle edges over the grey camera image (white over depth).
  static let wireframe = "#1b1b1b"
  /// The truth surfaces' edges seen from above: faint, under everything else.
  static let meshFromAbove = "#9a9a9a"

  /// A plane anchor's label: its identifier (shortened to 18 characters with an ellipsis),
  /// prefixed by "plane " unless it already says so.
  static func planeLabel(_ identifier: String) -> String {
    let name = identifier.count <= 18 ? identifier : identifier.prefix(15) + "…"
    return identifier.lowercased().contains("plane") ? name : "plane \(name)"
  }
}
