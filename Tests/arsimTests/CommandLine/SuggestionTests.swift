import Testing

@testable import arsim

@Suite struct SuggestionTests {
  /// Hand-counted optimal-string-alignment distances.
  @Test(arguments: [
    ("kitten", "sitting", 3),  // k->s, e->i, +g
    ("replay", "rplay", 1),  // one deletion
    ("target", "tagret", 1),  // one swap of neighbours
    ("right", "Right", 1),  // case only: half an edit, rounded up
    ("Right", "RIGHT", 2),  // four case changes: 4 halves
    ("", "abc", 3),
    ("same", "same", 0),
  ])
  func distance(a: String, b: String, expected: Int) {
    #expect(Suggestion.distance(a, b) == expected)
    #expect(Suggestion.distance(b, a) == expected)
  }

  @Test func closest() {
    let commands = ["explain", "project", "raycast", "replay", "render", "sweep"]
    #expect(Suggestion.closest(to: "rplay", among: commands) == "replay")
    #expect(Suggestion.closest(to: "sweeep", among: commands) == "sweep")
    // Too far from everything: no suggestion.
    #expect(Suggestion.closest(to: "teleport", among: commands) == nil)
    // An abbreviation of exactly one candidate.
    #expect(Suggestion.closest(to: "--tar", among: ["--target", "--threads"]) == "--target")
    // An abbreviation of two is no answer by itself ("re" is also too short).
    #expect(Suggestion.closest(to: "ren", among: ["render", "rename"]) == nil)
    // Ties go to the first listed.
    #expect(Suggestion.closest(to: "abcd", among: ["abce", "abcf"]) == "abce")
    // Words under 3 characters are too short to guess from.
    #expect(Suggestion.closest(to: "-x", among: ["-h"]) == nil)
  }
}
