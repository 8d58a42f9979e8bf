import Foundation
import SceneReplay
import _BrowserCheck

/// `ARSimBenchmarks report-load (--recording FILE | --page FILE.html) [--repetitions R]`
///
/// How long the replay report takes to load in a real browser (headless Chromium through
/// `_BrowserCheck`, a 1400 x 1000 viewport). With `--recording`, the page is first made with
/// the library as `arsim replay --report` makes it (that time is reported as `buildSeconds`);
/// with `--page`, an existing page is loaded (e.g. one made by an older build, for a
/// before/after comparison). Per repetition the page is navigated to afresh and timed from the
/// navigation command until the load event and a complete layout (`scrollHeight` read), by the
/// wall clock here; the page's own navigation timing (DOMContentLoaded, load event end) and
/// first contentful paint are reported too. The first load is reported apart (cold), the rest
/// as medians. Prints one JSON object (sorted keys). The goal: a 10-minute,
/// 36,000-frame session gives a page of at most 2 MB that loads in under 1 s.
enum ReportLoadBenchmarks {
  struct Result: Encodable {
    let page: String
    let bytes: Int
    let buildSeconds: Double?
    let coldLoadSeconds: Double
    let load: BenchmarkHarness.Timing
    let domContentLoadedMilliseconds: Double
    let loadEventEndMilliseconds: Double
    let firstContentfulPaintMilliseconds: Double
    let documentHeightPixels: Double
    let consoleErrors: Int
    let networkRequests: Int
    let loadAverage: String
  }

  static func run(arguments: [String]) {
    var options: [String: String] = ["--repetitions": "5"]
    var index = 0
    while index + 1 < arguments.count {
      options[arguments[index]] = arguments[index + 1]
      index += 2
    }
    let repetitions = max(1, Int(options["--repetitions"]!) ?? 5)
    do {
      var page: URL
      var buildSeconds: Double?
      var directory: URL?
      if let recording = options["--recording"] {
        let temporary = FileManager.default.temporaryDirectory
          .appendingPathComponent("ARSimBenchmarks-report-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        directory = temporary
        page = temporary.appendingPathComponent("report.html")
        let clock = ContinuousClock()
        let start = clock.now
        let capture = try ReplayCapture(contentsOfFile: recording)
        let html = ReplayHTMLReport(
          title: URL(fileURLWithPath: recording).lastPathComponent, capture: capture
        ).html
        try Data(html.utf8).write(to: page)
        buildSeconds = seconds(clock.now - start)
      } else if let existing = options["--page"] {
        page = URL(fileURLWithPath: existing)
      } else {
        fail(
          "usage: ARSimBenchmarks report-load (--recording FILE | --page FILE.html) [--repetitions R]"
        )
      }
      defer { if let directory { try? FileManager.default.removeItem(at: directory) } }
      let bytes = (try FileManager.default.attributesOfItem(atPath: page.path)[.size] as? Int) ?? 0

      let browser = try HeadlessBrowser()
      func loadOnce() throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try browser.open(page)
        _ = try browser.evaluate("document.documentElement.scrollHeight")
        return seconds(clock.now - start)
      }
      let cold = try loadOnce()
      var samples: [Double] = []
      var contentLoaded: [Double] = []
      var loadEnd: [Double] = []
      var paint: [Double] = []
      var height = 0.0
      for _ in 0..<repetitions {
        // A blank page between loads, so every load is a full navigation.
        try browser.open(URL(string: "about:blank")!)
        samples.append(try loadOnce())
        let timing = try browser.evaluate(
          """
          (() => { const n = performance.getEntriesByType('navigation')[0];
            const p = performance.getEntriesByName('first-contentful-paint')[0];
            return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd, fcp: p ? p.startTime : -1,
              height: document.documentElement.scrollHeight}; })()
          """)
        if case .object(let values) = timing {
          if case .number(let v)? = values["dcl"] { contentLoaded.append(v) }
          if case .number(let v)? = values["load"] { loadEnd.append(v) }
          if case .number(let v)? = values["fcp"] { paint.append(v) }
          if case .number(let v)? = values["height"] { height = v }
        }
      }
      let sorted = samples.sorted()
      BenchmarkHarness.printJSON(
        Result(
          page: page.lastPathComponent, bytes: bytes, buildSeconds: buildSeconds,
          coldLoadSeconds: cold,
          load: BenchmarkHarness.Timing(
            medianSeconds: sorted[sorted.count / 2], minSeconds: sorted.first!,
            maxSeconds: sorted.last!, repetitions: repetitions, checksum: height),
          domContentLoadedMilliseconds: median(contentLoaded),
          loadEventEndMilliseconds: median(loadEnd),
          firstContentfulPaintMilliseconds: median(paint), documentHeightPixels: height,
          consoleErrors: browser.errors.count, networkRequests: browser.requests.count,
          loadAverage: loadAverage()))
    } catch {
      fail("report-load: \(error)")
    }
  }

  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }

  static func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return -1 }
    return values.sorted()[values.count / 2]
  }

  /// The 1, 5 and 15 minute load averages (`/proc/loadavg`), to print beside the figures.
  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return "unknown"
    }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }

  static func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
  }
}
