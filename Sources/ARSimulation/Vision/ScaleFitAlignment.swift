/// Where the image sits inside the model input under `scaleFit`, which leaves padding on one
/// axis. Vision does not document it, so it is a parameter (<doc:CoordinateSpaces>, Vision
/// geometry); the default is centred.
///
/// Each value is the fraction of the padding placed before the image along that axis, in
/// top-left-origin terms: `horizontal` 0 puts all padding on the right (image at the left edge),
/// 1 all on the left; `vertical` 0 puts the image at the top, 1 at the bottom.
public struct ScaleFitAlignment: Sendable, Hashable {
  /// Fraction of the horizontal padding left of the image, 0...1.
  public let horizontal: Double
  /// Fraction of the vertical padding above the image, 0...1.
  public let vertical: Double

  /// Creates an alignment.
  ///
  /// - Throws: `VisionGeometryError.scaleFitAlignmentOutOfRange` unless both fractions are within
  ///   0...1.
  public init(horizontal: Double, vertical: Double) throws(VisionGeometryError) {
    guard (0...1).contains(horizontal), (0...1).contains(vertical) else {
      throw .scaleFitAlignmentOutOfRange(horizontal: horizontal, vertical: vertical)
    }
    self.horizontal = horizontal
    self.vertical = vertical
  }

  private init(unchecked horizontal: Double, _ vertical: Double) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// Padding split equally on both sides (the default).
  public static let center = ScaleFitAlignment(unchecked: 0.5, 0.5)
  /// Image at the top-left corner of the model input.
  public static let topLeft = ScaleFitAlignment(unchecked: 0, 0)
  /// Image at the bottom-left corner of the model input.
  public static let bottomLeft = ScaleFitAlignment(unchecked: 0, 1)
}
