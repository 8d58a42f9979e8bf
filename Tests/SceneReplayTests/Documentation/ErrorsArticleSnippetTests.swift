import ARSimulation
import Placement
import SpatialMath
import Testing

/// The Swift of the ARSimulation article "Errors, optionals and preconditions", run (kept equal to
/// the article by `ReadmeAndArticleSnippetTests`).
@Suite("Errors article snippet")
struct ErrorsArticleSnippetTests {
  @Test func valuesFromDataThrowNotNil() throws {
    // snippet begin
    let viewport = try Viewport(
      size: Size(width: 390, height: 844), interfaceOrientation: .portrait)
    let extent = try PlaneExtent(width: 0.8, height: 0.3)
    let filter = try OneEuroFilter(minCutoffHz: 1, beta: 0.007)
    // snippet end
    #expect(viewport.size == Size(width: 390, height: 844))
    #expect(extent.width == 0.8 && extent.height == 0.3)
    #expect(filter.position == nil)
    // The same calls with bad data throw instead of returning nil.
    #expect(throws: DisplayGeometryError.self) {
      try Viewport(size: Size(width: 0, height: 844), interfaceOrientation: .portrait)
    }
    #expect(throws: WorldError.self) { try PlaneExtent(width: -1, height: 0.3) }
    #expect(throws: ParameterError.self) { try OneEuroFilter(minCutoffHz: 0, beta: 0.007) }
  }
}
