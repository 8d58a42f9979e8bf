import SpatialMath

/// The view that shows the camera image: its size in points and the interface orientation.
///
/// Its JSON form (`{"size": [w, h], "interfaceOrientation": "portrait"}`) belongs to the recording
/// format: SceneFormat's `RecordingViewport`.
public struct Viewport: Sendable, Hashable {
  /// The view size in points.
  public let size: Size
  /// The interface orientation.
  public let interfaceOrientation: InterfaceOrientation

  /// Creates a viewport.
  ///
  /// - Throws: `DisplayGeometryError.viewportSizeNotPositive` when the size is not positive and
  ///   finite. Every `Viewport` therefore has a usable size, which is what lets
  ///   `Camera.displayTransform(for:)` and the other viewport methods not fail.
  public init(size: Size, interfaceOrientation: InterfaceOrientation) throws(DisplayGeometryError) {
    guard size.isPositiveAndFinite else { throw .viewportSizeNotPositive(size) }
    self.init(unchecked: size, interfaceOrientation: interfaceOrientation)
  }

  /// A viewport whose size is already known to be positive and finite.
  package init(unchecked size: Size, interfaceOrientation: InterfaceOrientation) {
    assert(size.isPositiveAndFinite)
    self.size = size
    self.interfaceOrientation = interfaceOrientation
  }

  /// Viewport points (top-left origin) of a viewport-normalized point.
  public func points(forNormalized p: Point) -> Point {
    Point(x: p.x * size.width, y: p.y * size.height)
  }

  /// Viewport-normalized coordinates (top-left origin) of a point in viewport points.
  public func normalized(forPoints p: Point) -> Point {
    Point(x: p.x / size.width, y: p.y / size.height)
  }
}
