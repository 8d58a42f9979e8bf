/// A 2D size in `Double`, like `CGSize`: a width and a height in the units of the space it
/// belongs to (pixels, points, or fractions of a normalized space).
public struct Size: Sendable, Hashable, Codable {
  /// The horizontal extent, in the units of its space.
  public var width: Double
  /// The vertical extent, in the units of its space.
  public var height: Double

  /// Creates a size.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The zero size.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both dimensions are finite and greater than zero: the requirement for an image,
  /// viewport or model input size.
  public var isPositiveAndFinite: Bool {
    width.isFinite && height.isFinite && width > 0 && height > 0
  }

  /// The size with width and height exchanged (what a 90° rotation does to a size).
  public var transposed: Size { Size(width: height, height: width) }
}

extension Size: ApproximatelyEquatable {
  /// Compares `width` and `height` with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: Size, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    SIMD2(width, height).isApproximatelyEqual(
      to: SIMD2(other.width, other.height), absoluteTolerance: absoluteTolerance,
      relativeTolerance: relativeTolerance)
  }
}
