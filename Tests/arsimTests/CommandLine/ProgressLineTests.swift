import Testing

@testable import arsim

@Suite struct ProgressLineTests {
  /// 30 % after 3 s: 9 of 30 bar cells, and 3 × 0.7 / 0.3 = 7 s left at the same pace.
  @Test func textWithFractionCountAndETA() {
    let text = ProgressLine.text(
      label: "replay", fraction: 0.3, count: 300, total: 1000, unit: "frames", elapsedSeconds: 3)
    #expect(
      text
        == "replay:  [#########.....................]   30%  300/1000 frames  ETA 0:07")
  }

  @Test func textWithoutATotalShowsTheCountAndElapsedTime() {
    let text = ProgressLine.text(
      label: "replay", fraction: nil, count: 1234, total: nil, unit: "frames",
      elapsedSeconds: 65)
    #expect(text == "replay:  1234 frames  elapsed 1:05")
  }

  @Test func finishedWorkShowsElapsedTime() {
    let text = ProgressLine.text(
      label: "import", fraction: 1, count: nil, total: nil, unit: "", elapsedSeconds: 2)
    #expect(text == "import:  [##############################]  100%  elapsed 0:02")
  }

  @Test(arguments: [(0.4, "0:00"), (59.5, "1:00"), (3725, "1:02:05"), (36_000, "10:00:00")])
  func duration(seconds: Double, expected: String) {
    #expect(ProgressLine.duration(seconds) == expected)
  }

  @Test func nothingIsWrittenWhenDisabled() {
    let streams = MemoryStreams()
    var line = ProgressLine(
      label: "sweep", unit: "jobs", enabled: false, write: streams.streams.writeError)
    line.update(done: 1, total: 2)
    line.finish()
    #expect(streams.error.isEmpty)
  }
}
