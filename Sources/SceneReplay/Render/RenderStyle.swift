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

  /// A colour per marker id, cycling through ten distinguishable hues.
  static func trackColor(id: Int) -> String {
    let palette = [
      "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
      "#7f7f7f", "#bcbd22",
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
  static let camera = "#555555"
}
