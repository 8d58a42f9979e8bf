import SpatialMath
import Testing

/// The Swift of the SpatialMath landing page, run (kept equal to the page by
/// `ReadmeAndArticleSnippetTests`).
@Suite("SpatialMath page snippet")
struct SpatialMathPageSnippetTests {
  @Test func aLevelRayMissesTheFloor() throws {
    // snippet begin
    let worldFromCamera = RigidTransform(
      rotation: Quaternion(angle: .degrees(90), axis: [0, 1, 0]), translation: [0, 1.5, 0])
    let cameraRay = try Ray(origin: .zero, direction: [0, 0, -1])  // the camera looks along -z
    let worldRay = cameraRay.transformed(by: worldFromCamera)
    let floor = try Plane(point: .zero, normal: [0, 1, 0])
    let hit = floor.intersection(with: worldRay, cullBackFaces: true)  // nil: the ray is level
    // snippet end
    // A quarter turn about +y takes -z to -x: the ray starts 1.5 m up and runs level along -x.
    #expect(worldRay.origin == SIMD3(0, 1.5, 0))
    let d = worldRay.direction
    #expect(abs(d.x + 1) < 1e-6 && abs(d.y) < 1e-6 && abs(d.z) < 1e-6, "\(worldRay)")
    #expect(hit == nil)
  }
}
