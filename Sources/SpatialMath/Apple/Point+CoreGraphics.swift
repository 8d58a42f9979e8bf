// Conversions to and from Core Graphics on Apple platforms. Each is a direct field mapping
// (`CGFloat` is `Double` on every 64-bit Apple platform). Not compiled on Linux, where CI runs.
#if canImport(CoreGraphics)
  import CoreGraphics

  extension Point {
    /// The point with the same coordinates.
    public init(_ point: CGPoint) { self.init(x: Double(point.x), y: Double(point.y)) }
  }

  extension CGPoint {
    /// The point with the same coordinates.
    public init(_ point: Point) { self.init(x: CGFloat(point.x), y: CGFloat(point.y)) }
  }
#endif
