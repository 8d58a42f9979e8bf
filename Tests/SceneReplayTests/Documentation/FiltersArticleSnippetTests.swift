import Placement
import Testing

/// The Swift of the Placement article "Position Filters", run (kept equal to the article by
/// `ReadmeAndArticleSnippetTests`).
@Suite("Filters article snippet")
struct FiltersArticleSnippetTests {
  @Test func aFilterByNameIsTheTypedFilter() throws {
    // snippet begin
    let filter = try AnyPositionFilter(
      name: "oneEuro", parameters: ["min-cutoff": "2", "beta": "0.5"])
    let tracker = try MarkerTracker(filterPrototype: filter)
    // snippet end
    // The names map to OneEuroFilter's parameters; d-cutoff keeps its default, 1 Hz.
    let typed = try OneEuroFilter(minCutoffHz: 2, beta: 0.5, derivativeCutoffHz: 1)
    #expect(filter == AnyPositionFilter(typed))
    #expect(tracker.filterPrototype == filter && tracker.markers.isEmpty)
    #expect(throws: FilterConfigurationError.self) {
      try AnyPositionFilter(name: "oneEuro", parameters: ["min-cutoff": "0"])
    }
  }
}
