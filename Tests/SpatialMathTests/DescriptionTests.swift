import SpatialMath
import Testing

/// `print` of geometric values: rounded, unit-bearing text; `debugPrint`: exact values. Every
/// expected string is written out by hand from the rounding rule (metres to 0.001, 2D values to
/// 4 fraction digits, directions to 3, angles to 0.01°).
@Suite struct DescriptionTests {
  @Test func pointsSizesAndRectsRoundTo4Digits() {
    let p = Point(x: 0.49999999999999994, y: 0.25)
    #expect(p.description == "(0.5, 0.25)")
    #expect(p.debugDescription == "Point(x: 0.49999999999999994, y: 0.25)")
    #expect(Point(x: -0.00001, y: 2).description == "(0, 2)")
    #expect(Size(width: 390, height: 844).description == "390 x 844")
    #expect(
      Rect(x: 0.3, y: 0.35, width: 0.1, height: 0.2).description == "(0.3, 0.35) size 0.1 x 0.2")
    // 1/3 to 4 digits.
    #expect(Point(x: 1.0 / 3.0, y: 1234.56789).description == "(0.3333, 1234.5679)")
  }

  @Test func affineTransform() {
    let t = AffineTransform2D(a: 0, b: 1, c: -1.623_076_9, d: 0, tx: 1.311_538_4, ty: 0)
    #expect(t.description == "[a 0, b 1, c -1.6231, d 0, tx 1.3115, ty 0]")
  }

  @Test func rotationsTakeTheShorterTurn() {
    let q = Quaternion(angle: .degrees(90), axis: SIMD3(0, 1, 0))
    #expect(q.description == "rotation 90° about (0, 1, 0)")
    // 270° about +y is 90° about -y.
    let back = Quaternion(angle: .degrees(270), axis: SIMD3(0, 1, 0))
    #expect(back.description == "rotation 90° about (0, -1, 0)")
    #expect(Quaternion.identity.description == "no rotation")
    let pose = RigidTransform(rotation: q, translation: SIMD3(0, 1.5, -0.0004))
    #expect(pose.description == "translation (0, 1.5, 0) m, rotation 90° about (0, 1, 0)")
  }

  @Test func raysPlanesAndMatrices() throws {
    let ray = try Ray(origin: SIMD3(0, 1.5, 0), direction: SIMD3(0, 0, -2))
    #expect(ray.description == "ray from (0, 1.5, 0) m along (0, 0, -1)")
    #expect(ray.debugDescription.hasPrefix("Ray(origin: SIMD3<Float>(0.0, 1.5, 0.0)"))
    let floor = try Plane(point: SIMD3(0, -1.2, 0), normal: SIMD3(0, 3, 0))
    #expect(floor.description == "plane with normal (0, 1, 0), -1.2 m from the origin")
    // Rows on paper; the translation is the last column.
    let m = Matrix4x4(RigidTransform(translation: SIMD3(1, 2, 3)))
    #expect(m.description == "[[1, 0, 0, 1], [0, 1, 0, 2], [0, 0, 1, 3], [0, 0, 0, 1]]")
    let k = Matrix3x3(SIMD3(1445, 0, 0), SIMD3(0, 1445, 0), SIMD3(959.5, 719.5, 1))
    #expect(k.description == "[[1445, 0, 959.5], [0, 1445, 719.5], [0, 0, 1]]")
  }
}
