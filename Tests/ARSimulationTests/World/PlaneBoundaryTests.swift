import SpatialMath
import Testing

@testable import ARSimulation

@Suite struct PlaneBoundaryTests {
  /// Points of the unit-half square and whether they are inside (edges count as inside).
  static let probes: [(SIMD3<Float>, Bool)] = [
    (SIMD3(0, 0, 0), true), (SIMD3(0.49, 0, -0.49), true), (SIMD3(0.5, 0, 0), true),
    (SIMD3(-0.5, 0, 0.5), true), (SIMD3(0.51, 0, 0), false), (SIMD3(0, 0, -0.6), false),
    (SIMD3(2, 0, 2), false), (SIMD3(0.2, 7, 0.2), true),  // y is ignored
  ]

  @Test(arguments: [false, true])
  func containsInEitherWinding(clockwise: Bool) {
    let boundary = WorldFixtures.square(half: 0.5, clockwise: clockwise)
    for (p, inside) in Self.probes {
      #expect(boundary.contains(localPoint: p) == inside, "\(p) clockwise: \(clockwise)")
    }
  }

  @Test func triangleContainsByHand() {
    // The triangle (0,0), (1,0), (0,1) in xz: inside iff x >= 0, z >= 0, x + z <= 1.
    let b = try! PlaneBoundary(vertices: [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)])
    #expect(b.contains(localPoint: SIMD3(0.25, 0, 0.25)))
    #expect(b.contains(localPoint: SIMD3(0.5, 0, 0.5)))  // on the hypotenuse
    #expect(!b.contains(localPoint: SIMD3(0.6, 0, 0.6)))
    #expect(!b.contains(localPoint: SIMD3(-0.01, 0, 0.5)))
    #expect(b.area == 0.5)
  }

  /// Points on an edge whose coordinates are not exact in Float still count as inside. The
  /// triangle (0.1, 0.7), (0.7, 0.1), (0.1, 0.1) in xz has the edge x + z = 0.8 between its first
  /// two vertices; (0.4, 0.4), (0.3, 0.5) and (0.5, 0.3) lie on it. In Float, 0.1, 0.3, 0.4, 0.5
  /// and 0.7 are rounded, and the edge's cross product for these points comes out about -1e-8 to
  /// -3e-8 instead of 0; the edge tolerance (1e-6 of the edge's |ex| + |ez| = 1.2, so 1.2e-6)
  /// keeps them inside. A point 1 mm outside the edge (x + z = 0.801) has a cross product of
  /// about -6e-4 and stays outside.
  @Test(arguments: [false, true])
  func onEdgePointsNotExactInFloatAreInside(reversed: Bool) throws {
    var vertices: [SIMD3<Float>] = [SIMD3(0.1, 0, 0.7), SIMD3(0.7, 0, 0.1), SIMD3(0.1, 0, 0.1)]
    if reversed { vertices.reverse() }
    let b = try PlaneBoundary(vertices: vertices)
    for p in [SIMD3<Float>(0.4, 0, 0.4), SIMD3(0.3, 0, 0.5), SIMD3(0.5, 0, 0.3)] {
      #expect(b.contains(localPoint: p), "\(p) reversed: \(reversed)")
    }
    #expect(!b.contains(localPoint: SIMD3(0.4005, 0, 0.4005)))
    #expect(b.contains(localPoint: SIMD3(0.2, 0, 0.2)))
  }

  @Test func areaOfRectangle() {
    #expect(
      try! PlaneBoundary(rectangleHalfWidth: 0.4, halfHeight: 0.15).area.isApproximatelyEqual(
        to: 0.8 * 0.3, tolerance: 1e-6))
  }

  @Test func collinearVerticesAreAllowed() {
    #expect(throws: Never.self) {
      try PlaneBoundary(vertices: [
        SIMD3(0, 0, 0), SIMD3(0.5, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 0, 1), SIMD3(0, 0, 1),
      ])
    }
  }

  @Test func rectangleNeedsPositiveHalfSizes() {
    #expect(throws: WorldError.extentSizeNotPositive(width: 0, height: 2)) {
      try PlaneBoundary(rectangleHalfWidth: 0, halfHeight: 1)
    }
  }

  static let invalid: [(String, [SIMD3<Float>], WorldError)] = [
    ("two vertices", [SIMD3(0, 0, 0), SIMD3(1, 0, 0)], .boundaryTooFewVertices(count: 2)),
    (
      "NaN", [SIMD3(0, 0, 0), SIMD3(.nan, 0, 0), SIMD3(0, 0, 1)], .boundaryVertexNotFinite(index: 1)
    ),
    (
      "off plane", [SIMD3(0, 0, 0), SIMD3(1, 0.5, 0), SIMD3(0, 0, 1)],
      .boundaryVertexOffPlane(index: 1)
    ),
    (
      "repeated", [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 0, 0), SIMD3(0, 0, 1)],
      .boundaryRepeatedVertex(index: 2)
    ),
    // An arrow head: the turn at (0.5, 0, 0.3) goes the other way.
    (
      "concave",
      [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(1, 0, 1), SIMD3(0.5, 0, 0.3), SIMD3(0, 0, 1)],
      .boundaryNotConvex(index: 3)
    ),
    // A spike that doubles back along an edge.
    ("spike", [SIMD3(0, 0, 0), SIMD3(1, 0, 0), SIMD3(0.5, 0, 0)], .boundaryNotConvex(index: 0)),
    (
      "bow tie", [SIMD3(0, 0, 0), SIMD3(1, 0, 1), SIMD3(1, 0, 0), SIMD3(0, 0, 1)],
      .boundaryNotConvex(index: 1)
    ),
  ]

  @Test(arguments: invalid.indices)
  func rejectsInvalid(index: Int) {
    let (name, vertices, expected) = Self.invalid[index]
    #expect(throws: expected, "\(name)") { try PlaneBoundary(vertices: vertices) }
  }

  @Test func rejectsPentagram() {
    // Every second vertex of a regular pentagon: all turns the same way, but it winds twice.
    let star: [SIMD3<Float>] = (0..<5).map { k in
      let a = Double(2 * k) * 2 * .pi / 5
      return SIMD3(Float(cos(a)), 0, Float(sin(a)))
    }
    #expect(throws: WorldError.boundarySelfIntersecting) {
      try PlaneBoundary(vertices: star)
    }
  }
}

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif
