// Conversions to and from Core Graphics on Apple platforms: direct field mappings (origin and
// size as stored, not standardized). Not compiled on Linux, where CI runs.
#if canImport(CoreGraphics)
  import CoreGraphics

  extension Rect {
    /// The rect with the same origin and size.
    public init(_ rect: CGRect) { self.init(origin: Point(rect.origin), size: Size(rect.size)) }
  }

  extension CGRect {
    /// The rect with the same origin and size.
    public init(_ rect: Rect) { self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size)) }
  }
#endif
