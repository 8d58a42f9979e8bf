// snippet begin
import ARSimulation
import SpatialMath
// snippet pause
import Testing

/// The Swift blocks of the README, the ARSimulation article "Errors, optionals and
/// preconditions", the Placement article "Position Filters" and the SpatialMath landing page,
/// compiled and run here with values worked out
/// by hand. Each test's regions equal its document's blocks, in order.
@Suite("README and article snippets")
struct ReadmeAndArticleSnippetTests {
  @Test func theReadmeSwiftIsThisTest() throws {
    try DocumentationSnippets.expectInSync(
      document: "README.md",
      testFiles: [Self.readmeSessionFile, #filePath, Self.readmeARCoreFile])
  }

  /// README: a portrait phone, a centre-cropped 416x416 `.right` request; the camera at the
  /// origin with ARKit's identity pose (looking along -z).
  @Test func readme() throws {
    let arkitCameraTransform = Matrix4x4.identity
    // What the README's `observation` needs of a VNRecognizedObjectObservation.
    struct Observation { var boundingBox: Rect }
    let observation = Observation(boundingBox: Rect(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
    // snippet resume
    let camera = try Camera(
      transform: arkitCameraTransform,
      intrinsics: CameraIntrinsics(fx: 1445, fy: 1445, ox: 959.5, oy: 719.5),
      imageResolution: Size(width: 1920, height: 1440))
    let request = try VisionRequestSettings(
      orientation: .right, cropAndScale: .centerCrop, modelInputSize: Size(width: 416, height: 416))
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    let trace = try VisionBoxTrace(
      visionBox: observation.boundingBox, request: request, camera: camera, viewport: viewport)
    let drawnBox = trace.viewportPoints  // where to draw the box, in view points
    let worldRay = trace.ray  // the world ray through its centre
    // snippet end
    // The box is the middle 0.2 of the 1440-pixel square cut from rows 240...1680 of the upright
    // 1440x1920 image: x 576...864 px, y 816...1104 px, i.e. upright normalized x 0.4...0.6,
    // y 0.425...0.575. Aspect fill shows the upright image at 633x844 points, 121.5 cropped each
    // side: x = 0.4 * 633 - 121.5 = 131.7, width 0.2 * 633 = 126.6; y = 0.425 * 844 = 358.7,
    // height 0.15 * 844 = 126.6.
    let expected = Rect(x: 131.7, y: 358.7, width: 126.6, height: 126.6)
    #expect(abs(drawnBox.origin.x - expected.origin.x) < 1e-6, "\(drawnBox)")
    #expect(abs(drawnBox.origin.y - expected.origin.y) < 1e-6, "\(drawnBox)")
    #expect(abs(drawnBox.size.width - expected.size.width) < 1e-6, "\(drawnBox)")
    #expect(abs(drawnBox.size.height - expected.size.height) < 1e-6, "\(drawnBox)")
    // Its centre is the image centre, (960, 720) in continuous pixels: the optical axis.
    let ray = try #require(worldRay)
    #expect(ray.origin == .zero)
    #expect(abs(ray.direction.x) < 1e-6 && abs(ray.direction.y) < 1e-6, "\(ray)")
    #expect(abs(ray.direction.z + 1) < 1e-6, "\(ray)")
  }

  @Test func theErrorsArticleSwiftIsThisTest() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/ARSimulation/ARSimulation.docc/Errors.md", testFile: Self.errorsFile)
  }

  @Test func theFiltersArticleSwiftIsThisTest() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/Placement/Placement.docc/Filters.md", testFile: Self.filtersFile)
  }

  @Test func theSpatialMathPageSwiftIsThisTest() throws {
    try DocumentationSnippets.expectInSync(
      document: "Sources/SpatialMath/SpatialMath.docc/SpatialMath.md",
      testFile: Self.spatialMathFile)
  }

  static var readmeSessionFile: String {
    #filePath.replacingOccurrences(
      of: "ReadmeAndArticleSnippetTests.swift", with: "ReadmeSessionSnippetTests.swift")
  }

  static var readmeARCoreFile: String {
    #filePath.replacingOccurrences(
      of: "ReadmeAndArticleSnippetTests.swift", with: "ReadmeARCoreSnippetTests.swift")
  }

  static var errorsFile: String {
    #filePath.replacingOccurrences(
      of: "ReadmeAndArticleSnippetTests.swift", with: "ErrorsArticleSnippetTests.swift")
  }

  static var filtersFile: String {
    #filePath.replacingOccurrences(
      of: "ReadmeAndArticleSnippetTests.swift", with: "FiltersArticleSnippetTests.swift")
  }

  static var spatialMathFile: String {
    #filePath.replacingOccurrences(
      of: "ReadmeAndArticleSnippetTests.swift", with: "SpatialMathPageSnippetTests.swift")
  }
}
