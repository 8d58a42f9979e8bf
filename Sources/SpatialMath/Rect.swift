/// An axis-aligned 2D rectangle in `Double`, like `CGRect`: an origin and a size. Whether the
/// origin is the top-left or the lower-left corner depends on the space; the name of the variable
/// says which (`visionNormalized` boxes are lower-left, everything else in this package top-left).
///
/// A rect with a negative width or height is allowed, as in Core Graphics; `standardized` makes
/// the size non-negative, and `minX`/`maxX`/`minY`/`maxY` are those of the standardized rect.
public struct Rect: Sendable, Hashable, Codable {
  /// The corner the size is measured from (the top-left corner of a standardized rect in a
  /// top-left space).
  public var origin: Point
  /// The extent; may be negative (see `standardized`).
  public var size: Size

  /// Creates a rect from a corner and a size.
  @inlinable public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Creates a rect from the coordinates of a corner and a size.
  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The zero rect.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The unit square `(0, 0, 1, 1)`: the whole of a normalized space.
  public static let unit = Rect(x: 0, y: 0, width: 1, height: 1)

  /// The smallest x of the rect (its left edge).
  public var minX: Double { min(origin.x, origin.x + size.width) }
  /// The largest x of the rect (its right edge).
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  /// The smallest y of the rect (the top edge in a top-left space).
  public var minY: Double { min(origin.y, origin.y + size.height) }
  /// The largest y of the rect (the bottom edge in a top-left space).
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  /// The x of the centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The y of the centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width of the standardized rect (never negative).
  public var width: Double { abs(size.width) }
  /// The height of the standardized rect (never negative).
  public var height: Double { abs(size.height) }

  /// The centre point.
  public var center: Point { Point(x: midX, y: midY) }

  /// The same rect with a non-negative width and height.
  public var standardized: Rect {
    Rect(x: minX, y: minY, width: width, height: height)
  }

  /// Whether all four numbers are finite.
  public var isFinite: Bool { origin.isFinite && size.width.isFinite && size.height.isFinite }

  /// Whether `point` lies in the half-open rect `[minX, maxX) x [minY, maxY)`, as
  /// `CGRect.contains(_:)`.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The smallest rect containing the four corners of this rect mapped by `t`
  /// (`CGRect.applying(_:)`).
  public func applying(_ t: AffineTransform2D) -> Rect {
    let corners = [
      Point(x: minX, y: minY), Point(x: maxX, y: minY), Point(x: minX, y: maxY),
      Point(x: maxX, y: maxY),
    ].map { $0.applying(t) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let x0 = xs.min() ?? 0
    let x1 = xs.max() ?? 0
    let y0 = ys.min() ?? 0
    let y1 = ys.max() ?? 0
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The rect scaled by `sx` horizontally and `sy` vertically about the origin of the space (used
  /// to go from normalized coordinates to pixels or points).
  public func scaled(x sx: Double, y sy: Double) -> Rect {
    Rect(x: origin.x * sx, y: origin.y * sy, width: size.width * sx, height: size.height * sy)
  }

  /// The overlap of two rects, or `nil` when they do not overlap with positive area.
  public func intersection(_ other: Rect) -> Rect? {
    let x0 = max(minX, other.minX)
    let x1 = min(maxX, other.maxX)
    let y0 = max(minY, other.minY)
    let y1 = min(maxY, other.maxY)
    guard x1 > x0, y1 > y0 else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }
}

extension Rect: ApproximatelyEquatable {
  /// Compares origin and size (not standardized) with the scalar rule of `ApproximatelyEquatable`.
  package func isApproximatelyEqual(
    to other: Rect, absoluteTolerance: Double, relativeTolerance: Double
  ) -> Bool {
    SIMD4(origin.x, origin.y, size.width, size.height).isApproximatelyEqual(
      to: SIMD4(other.origin.x, other.origin.y, other.size.width, other.size.height),
      absoluteTolerance: absoluteTolerance, relativeTolerance: relativeTolerance)
  }
}
