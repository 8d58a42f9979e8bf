import Foundation
import SpatialMath
import Testing

@Suite("Rect")
struct RectTests {
  @Test func edgesCentreAndSize() {
    let r = Rect(x: 1, y: 2, width: 4, height: 6)
    #expect((r.minX, r.maxX, r.minY, r.maxY) == (1, 5, 2, 8))
    #expect((r.midX, r.midY) == (3, 5))
    #expect(r.center == Point(x: 3, y: 5))
    #expect((r.width, r.height) == (4, 6))
  }

  @Test func negativeSizeIsStandardized() {
    // Origin (5, 8) with size (-4, -6) covers the same area as (1, 2, 4, 6).
    let r = Rect(x: 5, y: 8, width: -4, height: -6)
    #expect((r.minX, r.maxX, r.minY, r.maxY) == (1, 5, 2, 8))
    #expect((r.width, r.height) == (4, 6))
    #expect(r.center == Point(x: 3, y: 5))
    #expect(r.standardized == Rect(x: 1, y: 2, width: 4, height: 6))
  }

  @Test(arguments: [
    (Point(x: 0, y: 0), true), (Point(x: 1.999, y: 0.999), true), (Point(x: 2, y: 0.5), false),
    (Point(x: 1, y: 1), false), (Point(x: -0.001, y: 0.5), false),
  ])
  func containsIsHalfOpen(point: Point, expected: Bool) {
    #expect(Rect(x: 0, y: 0, width: 2, height: 1).contains(point) == expected)
  }

  @Test func quarterTurnOfRectIsBoundingBoxOfCorners() {
    // (x, y) -> (-y, x): corners (0,0), (2,0), (0,1), (2,1) go to (0,0), (0,2), (-1,0), (-1,2).
    let turned = Rect(x: 0, y: 0, width: 2, height: 1)
      .applying(AffineTransform2D(rotationAngle: .degrees(90)))
    #expect(
      turned.isApproximatelyEqual(to: Rect(x: -1, y: 0, width: 1, height: 2), tolerance: 1e-12))
  }

  @Test func applyingScaleAndTranslation() {
    let t = AffineTransform2D(a: 2, b: 0, c: 0, d: -1, tx: 10, ty: 1)
    // Corners x in {1, 3} -> {12, 16}; y in {1, 2} -> {0, -1}.
    #expect(
      Rect(x: 1, y: 1, width: 2, height: 1).applying(t) == Rect(x: 12, y: -1, width: 4, height: 1))
  }

  @Test func scaledGoesFromNormalizedToPixels() {
    let normalized = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)
    #expect(normalized.scaled(x: 1920, y: 1440) == Rect(x: 480, y: 720, width: 960, height: 360))
  }

  @Test func intersectionByHand() throws {
    let a = Rect(x: 0, y: 0, width: 4, height: 4)
    let b = Rect(x: 2, y: 3, width: 5, height: 5)
    #expect(a.intersection(b) == Rect(x: 2, y: 3, width: 2, height: 1))
    #expect(b.intersection(a) == Rect(x: 2, y: 3, width: 2, height: 1))
    // Touching edges and disjoint rects have no positive-area overlap.
    #expect(a.intersection(Rect(x: 4, y: 0, width: 1, height: 1)) == nil)
    #expect(a.intersection(Rect(x: 10, y: 10, width: 1, height: 1)) == nil)
  }

  @Test func constantsAndFiniteness() {
    #expect(Rect.unit == Rect(x: 0, y: 0, width: 1, height: 1))
    #expect(Rect.zero.width == 0)
    #expect(Rect.unit.isFinite)
    #expect(!Rect(x: 0, y: .nan, width: 1, height: 1).isFinite)
    #expect(!Rect(x: 0, y: 0, width: .infinity, height: 1).isFinite)
  }

  @Test func codableRoundTrip() throws {
    let r = Rect(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
    #expect(try JSONDecoder().decode(Rect.self, from: JSONEncoder().encode(r)) == r)
  }
}

@Suite("Point")
struct PointTests {
  @Test func applyingUsesCoreGraphicsFields() {
    // x' = a x + c y + tx, y' = b x + d y + ty with a..ty = 1..6 and (x, y) = (1, 1).
    let t = AffineTransform2D(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
    #expect(Point(x: 1, y: 1).applying(t) == Point(x: 9, y: 12))
    #expect(Point(x: 2, y: 0).applying(t) == Point(x: 7, y: 10))
  }

  @Test func distanceIsEuclidean() {
    #expect(Point(x: 1, y: 1).distance(to: Point(x: 4, y: 5)) == 5)
    #expect(Point.zero.distance(to: .zero) == 0)
  }

  @Test func finiteness() {
    #expect(Point(x: 1, y: 2).isFinite)
    #expect(!Point(x: .nan, y: 2).isFinite)
    #expect(!Point(x: 1, y: -.infinity).isFinite)
  }
}

@Suite("Size")
struct SizeTests {
  @Test func transposedSwaps() {
    #expect(Size(width: 1920, height: 1440).transposed == Size(width: 1440, height: 1920))
  }

  @Test(arguments: [
    (Size(width: 1, height: 1), true), (Size(width: 0, height: 1), false),
    (Size(width: 1, height: -1), false), (Size(width: .infinity, height: 1), false),
    (Size(width: 1, height: .nan), false),
  ])
  func positiveAndFinite(size: Size, expected: Bool) {
    #expect(size.isPositiveAndFinite == expected)
  }

  @Test func approximateEquality() {
    #expect(Size(width: 1, height: 2).isApproximatelyEqual(to: Size(width: 1 + 1e-9, height: 2)))
    #expect(!Size(width: 1, height: 2).isApproximatelyEqual(to: Size(width: 1, height: 2.1)))
  }
}
