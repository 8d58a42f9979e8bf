import SpatialMath

/// The view that shows the camera image: its size in points and the interface orientation
/// (the recording format's `"viewport": {"size": [w, h], "interfaceOrientation": "portrait"}`).
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

extension Viewport: Codable {
  private enum CodingKeys: String, CodingKey { case size, interfaceOrientation }

  /// Decodes `{"size": [w, h], "interfaceOrientation": NAME}`; throws for a non-positive size.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    let size = try c.decode([Double].self, forKey: .size)
    let orientation = try c.decode(InterfaceOrientation.self, forKey: .interfaceOrientation)
    guard size.count == 2,
      let viewport = try? Viewport(
        size: Size(width: size[0], height: size[1]), interfaceOrientation: orientation)
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .size, in: c, debugDescription: "expected [width, height] with both > 0")
    }
    self = viewport
  }

  /// Encodes `{"size": [w, h], "interfaceOrientation": NAME}`.
  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode([size.width, size.height], forKey: .size)
    try c.encode(interfaceOrientation, forKey: .interfaceOrientation)
  }
}
