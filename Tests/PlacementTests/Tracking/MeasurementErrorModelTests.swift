import ARSimulation
import Placement
import Testing

/// `MeasurementErrorModel.covariance` against covariances worked out by hand with the default
/// model (2.5 px, 1 cm objects, 3 mm anchors, 2 cm estimated planes, 1 mm floor) and a focal
/// length of 1000 px.
@Suite struct MeasurementErrorModelTests {
  static let model = MeasurementErrorModel()

  static func close(_ a: PositionCovariance, _ b: PositionCovariance, tolerance: Double = 1e-9)
    -> Bool
  {
    let d = a.diagonal - b.diagonal
    let o = a.offDiagonal - b.offDiagonal
    return (d * d).sum().squareRoot() <= tolerance && (o * o).sum().squareRoot() <= tolerance
  }

  /// Face on at 1 m (u = (0, 0, -1), n = (0, 0, 1)): sideways 1 m · 2.5/1000 = 2.5 mm in x and y,
  /// nothing stretched; the anchor's 3 mm along the ray (z); no height term (tan 0 = 0); 1 mm floor.
  /// diag = (6.25 + 1, 6.25 + 1, 9 + 1) mm².
  @Test func faceOnAtOneMetre() throws {
    let m = MarkerMeasurement(
      label: "fan", position: SIMD3(0, 0, -1), surfaceNormal: SIMD3(0, 0, 1),
      target: .existingPlaneGeometry)
    let s = try #require(
      Self.model.covariance(of: m, cameraPosition: .zero, focalLengthPixels: 1000))
    #expect(Self.close(s, PositionCovariance(diagonal: SIMD3(7.25e-6, 7.25e-6, 10e-6))))
  }

  /// 60° from the normal of the floor y = -1, 2 m away: u = (0, -1/2, -√3/2), cos θ = 1/2,
  /// tan θ = √3, t = (0, 0, -1) along the floor.
  /// - sideways 2 · 2.5/1000 = 5 mm: x unchanged (25), the other sideways direction lands on the
  ///   floor stretched by 1/cos θ = 2 along t (4 · 25 = 100 in zz);
  /// - anchor 3 mm / cos θ = 6 mm along u: 36 · u uᵀ → yy 9, zz 27, yz 36 · (√3/4) = 15.588;
  /// - height 10/2 · √3 = 8.660 mm along t: zz 75;
  /// - floor 1 on the diagonal.
  /// Total (mm²): xx 26, yy 10, zz 203, yz 15.588.
  @Test func sixtyDegreesOnTheFloor() throws {
    let m = MarkerMeasurement(
      label: "fan", position: SIMD3(0, -1, -Float(3).squareRoot()), surfaceNormal: SIMD3(0, 1, 0),
      target: .existingPlaneGeometry)
    let s = try #require(
      Self.model.covariance(of: m, cameraPosition: .zero, focalLengthPixels: 1000))
    let expected = PositionCovariance(
      diagonal: SIMD3(26e-6, 10e-6, 203e-6), offDiagonal: SIMD3(0, 0, 36e-6 * 3.0.squareRoot() / 4))
    #expect(Self.close(s, expected, tolerance: 1e-10))
  }

  /// An estimated plane replaces the anchor's 3 mm by 2 cm along the ray: face on at 1 m,
  /// zz = 400 + 1 mm².
  @Test func estimatedPlaneIsLessCertainAlongTheRay() throws {
    let m = MarkerMeasurement(
      label: "fan", position: SIMD3(0, 0, -1), surfaceNormal: SIMD3(0, 0, 1),
      target: .estimatedPlane)
    let s = try #require(
      Self.model.covariance(of: m, cameraPosition: .zero, focalLengthPixels: 1000))
    #expect(Self.close(s, PositionCovariance(diagonal: SIMD3(7.25e-6, 7.25e-6, 401e-6))))
  }

  /// Camera speed with latency: 10 ms at 1 m/s and 1 rad/s at 1 m adds 10 + 10 = 20 mm sideways
  /// to the 2.5 mm of image noise: 22.5 mm, 506.25 + 1 mm² in x and y face on.
  @Test func cameraMotionWidensSideways() throws {
    var model = Self.model
    model.latencySeconds = 0.01
    let m = MarkerMeasurement(
      label: "fan", position: SIMD3(0, 0, -1), surfaceNormal: SIMD3(0, 0, 1),
      target: .existingPlaneGeometry)
    let s = try #require(
      model.covariance(
        of: m, cameraPosition: .zero, focalLengthPixels: 1000,
        motion: .init(speedMetersPerSecond: 1, angularSpeedRadiansPerSecond: 1)))
    #expect(Self.close(s, PositionCovariance(diagonal: SIMD3(507.25e-6, 507.25e-6, 10e-6))))
  }

  /// Without a normal: sideways 2.5 mm, 2 cm along the ray, floor 1 mm.
  @Test func unknownSurface() throws {
    let m = MarkerMeasurement(label: "fan", position: SIMD3(0, 0, -1))
    let s = try #require(
      Self.model.covariance(of: m, cameraPosition: .zero, focalLengthPixels: 1000))
    #expect(Self.close(s, PositionCovariance(diagonal: SIMD3(7.25e-6, 7.25e-6, 401e-6))))
  }

  @Test func degenerateInputGivesNoCovariance() {
    let m = MarkerMeasurement(label: "fan", position: .zero)
    #expect(Self.model.covariance(of: m, cameraPosition: .zero, focalLengthPixels: 1000) == nil)
    let n = MarkerMeasurement(label: "fan", position: SIMD3(0, 0, -1))
    #expect(Self.model.covariance(of: n, cameraPosition: .zero, focalLengthPixels: 0) == nil)
  }

  @Test func validation() {
    var model = MeasurementErrorModel()
    #expect(model.isValid)
    model.maximumIncidenceDegrees = 90
    #expect(!model.isValid)
    model = MeasurementErrorModel()
    model.minimumStdMeters = 0
    #expect(!model.isValid)
    model = MeasurementErrorModel()
    model.imageNoisePixels = .nan
    #expect(!model.isValid)
  }
}
