// Conversions to and from Core Graphics on Apple platforms: `AffineTransform2D` has
// `CGAffineTransform`'s fields and convention, so each field maps directly. Not compiled on
// Linux, where CI runs.
#if canImport(CoreGraphics)
  import CoreGraphics

  extension AffineTransform2D {
    /// The transform with the same `a, b, c, d, tx, ty`.
    public init(_ t: CGAffineTransform) {
      self.init(
        a: Double(t.a), b: Double(t.b), c: Double(t.c), d: Double(t.d), tx: Double(t.tx),
        ty: Double(t.ty))
    }
  }

  extension CGAffineTransform {
    /// The transform with the same `a, b, c, d, tx, ty`.
    public init(_ t: AffineTransform2D) {
      self.init(
        a: CGFloat(t.a), b: CGFloat(t.b), c: CGFloat(t.c), d: CGFloat(t.d), tx: CGFloat(t.tx),
        ty: CGFloat(t.ty))
    }
  }
#endif
