import SpatialMath
import Testing

@Suite("Homography")
struct HomographyTests {
  /// x' = (2x + 1) / (0.5 x + 1), y' = (3y - 2) / (0.5 x + 1).
  static let h = Homography(rows: SIMD3(2, 0, 1), SIMD3(0, 3, -2), SIMD3(0.5, 0, 1))

  @Test("Applies as (H p) / w")
  func apply() throws {
    // p = (2, 4): H p = (5, 10, 2) -> (2.5, 5).
    let q = try #require(Self.h.apply(to: Point(x: 2, y: 4)))
    #expect(q == Point(x: 2.5, y: 5))
    // w = 0.5 * (-2) + 1 = 0: the line x = -2 maps to infinity.
    #expect(Self.h.apply(to: Point(x: -2, y: 1)) == nil)
  }

  @Test("The inverse undoes the map; the product composes")
  func inverseAndProduct() throws {
    let inverse = try #require(Self.h.inverted())
    for p in [Point(x: 2, y: 4), Point(x: -1.5, y: 0.25), Point(x: 10, y: -3)] {
      let mapped = try #require(Self.h.apply(to: p))
      let back = try #require(inverse.apply(to: mapped))
      #expect(back.isApproximatelyEqual(to: p, tolerance: 1e-12))
      let twice = try #require((Self.h * Self.h).apply(to: p))
      let stepwise = try #require(Self.h.apply(to: mapped))
      #expect(twice.isApproximatelyEqual(to: stepwise, tolerance: 1e-12))
    }
    #expect((Self.h * inverse).isApproximatelyEqualUpToScale(to: .identity, tolerance: 1e-12))
    // det = 2 * 3 * 1 - 0 + 1 * (0 - 3 * 0.5) = 4.5
    #expect(abs(Self.h.determinant - 4.5) < 1e-12)
  }

  @Test("Singular and non-finite matrices have no inverse")
  func singular() {
    let rank2 = Homography(rows: SIMD3(1, 2, 3), SIMD3(2, 4, 6), SIMD3(0, 0, 1))
    #expect(rank2.inverted() == nil)
    let nan = Homography(rows: SIMD3(.nan, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1))
    #expect(nan.inverted() == nil)
    #expect(!nan.isFinite)
  }

  @Test("Equality up to scale ignores the factor and its sign")
  func upToScale() {
    let scaled = Homography(
      rows: Self.h.rows.0 * -7, Self.h.rows.1 * -7, Self.h.rows.2 * -7)
    #expect(scaled.isApproximatelyEqualUpToScale(to: Self.h, tolerance: 1e-12))
    #expect(!Homography.identity.isApproximatelyEqualUpToScale(to: Self.h, tolerance: 1e-3))
  }

  @Test("An affine transform becomes the matching homography")
  func fromAffine() throws {
    let affine = AffineTransform2D(a: 0, b: 1, c: -1, d: 0, tx: 1, ty: 0)
    let p = Point(x: 0.2, y: 0.7)
    #expect(try #require(Homography(affine).apply(to: p)) == p.applying(affine))
  }
}
