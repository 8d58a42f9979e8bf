import ARSimulation
import SpatialMath

/// Where a world point appears on screen, for drawing a marker.
public enum ViewportProjection: Sendable, Hashable {
  /// In front of the camera and inside the viewport: the point in viewport points (top-left
  /// origin, `0...width` x `0...height`, edges included).
  case visible(Point)
  /// In front of the camera but outside the viewport: the point in viewport points, outside
  /// the view (e.g. to draw an edge arrow towards it).
  case offScreen(Point)
  /// Behind the camera (or nearer than its near distance): there is no screen point.
  case behindCamera

  /// Projects a world point (metres) with `camera` for `viewport` (`Camera.projectPoint`).
  public init(worldPoint: SIMD3<Float>, camera: Camera, viewport: Viewport) {
    guard
      let point = camera.projectPoint(
        worldPoint, orientation: viewport.interfaceOrientation, viewportSize: viewport.size),
      point.isFinite
    else {
      self = .behindCamera
      return
    }
    let inside =
      point.x >= 0 && point.x <= viewport.size.width && point.y >= 0
      && point.y <= viewport.size.height
    self = inside ? .visible(point) : .offScreen(point)
  }

  /// The screen point (viewport points), or `nil` behind the camera.
  public var viewportPoint: Point? {
    switch self {
    case .visible(let p), .offScreen(let p): p
    case .behindCamera: nil
    }
  }

  /// The case name: `visible`, `offScreen` or `behindCamera`.
  public var name: String {
    switch self {
    case .visible: "visible"
    case .offScreen: "offScreen"
    case .behindCamera: "behindCamera"
    }
  }
}
