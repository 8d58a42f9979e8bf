import SceneFormat
import SpatialMath
import Testing
import _TestSupport

/// The README's second Swift block (Android: ARCore's coordinate spaces and hit test), run on the
/// ARCore scene's first frame (kept equal to the README by `ReadmeAndArticleSnippetTests`).
@Suite("README ARCore snippet")
struct ReadmeARCoreSnippetTests {
  @Test func aCameraPixelToTheViewAndAHitTest() throws {
    let path = RecordingFixtures.packageRoot()
      .appendingPathComponent("Scenes/arcore-dashboard-portrait.json").path
    var ranToTheEnd = false
    func readme() throws {
      // snippet begin
      let recording = try Recording(contentsOfFile: path)  // Scenes/arcore-dashboard-portrait.json
      guard let session = recording.header.arcore else { return }  // not an ARCore recording
      let frame = try recording.frames[0].arcoreFrame(session: session)
      let pixel = Point(x: 320, y: 240)  // in the camera image
      let view = frame.transformCoordinates2d(from: .imagePixels, [pixel], to: .view)
      let hits = frame.hitTest(x: view[0].x, y: view[0].y)  // nearest first
      // snippet end
      ranToTheEnd = true
      // The inverse mapping gives the pixel back; the hits are ordered by distance.
      let back = frame.transformCoordinates2d(from: .view, view, to: .imagePixels)
      #expect(back.count == 1)
      #expect(abs(back[0].x - 320) < 1e-6 && abs(back[0].y - 240) < 1e-6, "\(back)")
      #expect(zip(hits, hits.dropFirst()).allSatisfy { $0.distance <= $1.distance })
    }
    try readme()
    #expect(ranToTheEnd, "the scene is an ARCore recording")
  }
}
