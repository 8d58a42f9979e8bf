// Conversions to and from Core Graphics on Apple platforms: direct field mappings. Not compiled
// on Linux, where CI runs.
#if canImport(CoreGraphics)
  import CoreGraphics

  extension Size {
    /// The size with the same width and height.
    public init(_ size: CGSize) {
      self.init(width: Double(size.width), height: Double(size.height))
    }
  }

  extension CGSize {
    /// The size with the same width and height.
    public init(_ size: Size) {
      self.init(width: CGFloat(size.width), height: CGFloat(size.height))
    }
  }
#endif
