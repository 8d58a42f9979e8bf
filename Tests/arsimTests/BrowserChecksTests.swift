import Foundation
import Testing
import _BrowserCheck
import _TestSupport

/// The pictures as a real browser shows them: `arsim replay --report` and `arsim render` output
/// opened in headless Chromium at 1400 x 1000 CSS px, checked on the rendered DOM: no console
/// errors, no network requests, no text overlapping another text's box, no label outside its
/// picture, the window or (for things in view) the frame's viewport, text of at least 12 px, and
/// the report's overview (chart, top-down, frame) inside the first screen. Screenshots of the
/// sample scenes are kept in `.build/pictures/` for people to look at.
///
/// Skipped when Chromium is not installed; CI sets `ARSIM_REQUIRE_BROWSER=1` so that a missing
/// browser fails instead.
@Suite("Pictures in a real browser", .serialized)
struct BrowserChecksTests {
  static let available = HeadlessBrowser.executable != nil
  static let skipReason: Comment =
    "chromium is not installed (apt-get install -y chromium): browser checks skipped"

  static let scenes = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
  static let artifacts = RecordingFixtures.packageRoot().appendingPathComponent(".build/pictures")

  /// A fresh directory for one test's pages.
  static func workDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arsim-browser-checks-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  static func keep(_ png: Data, as name: String) throws {
    try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
    try png.write(to: artifacts.appendingPathComponent(name))
  }

  /// The checks every page and picture must pass.
  static func expectClean(
    _ inspection: PageInspection, _ browser: HeadlessBrowser, _ name: String
  ) {
    #expect(browser.errors.isEmpty, "\(name): console errors \(browser.errors)")
    #expect(browser.requests.isEmpty, "\(name): network requests \(browser.requests)")
    #expect(inspection.textCount > 20, "\(name): only \(inspection.textCount) texts")
    #expect(inspection.overlaps.isEmpty, "\(name): overlapping texts \(inspection.overlaps)")
    #expect(
      inspection.outsidePicture.isEmpty,
      "\(name): texts outside their picture \(inspection.outsidePicture)")
    #expect(
      inspection.outsideWindow.isEmpty, "\(name): texts past the window \(inspection.outsideWindow)"
    )
    #expect(
      inspection.outsideFrameViewport.isEmpty,
      "\(name): labels outside the frame viewport \(inspection.outsideFrameViewport)")
    #expect(inspection.smallText.isEmpty, "\(name): text under 12 px \(inspection.smallText)")
  }

  @Test(.enabled(if: HeadlessBrowser.isRequired))
  func theBrowserIsInstalledWhereRequired() {
    #expect(Self.available, "ARSIM_REQUIRE_BROWSER=1 but no chromium on the PATH")
  }

  @Test(
    .enabled(if: available, skipReason),
    arguments: ["dashboard-portrait", "tabletop-landscape", "real-arkit-logger"])
  func reportShowsTheStoryOnItsFirstScreen(scene: String) throws {
    let directory = try Self.workDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let page = directory.appendingPathComponent("\(scene).html")
    let run = try ArsimRunner.run([
      "replay", Self.scenes.appendingPathComponent("\(scene).json").path, "--report", page.path,
    ])
    #expect(run.status == 0, "\(run.stderr)")
    let browser = try HeadlessBrowser()
    try browser.open(page)
    let overview = ["#overview-chart", "#overview-topdown", "#overview-frame", "#headline"]
    let inspection = try PageInspection(of: browser, selectors: overview + ["#markers-table"])
    Self.expectClean(inspection, browser, "\(scene) report")
    #expect(inspection.scrollWidth <= inspection.viewportWidth, "the page scrolls sideways")
    // The overview is entirely inside the first screen.
    #expect(inspection.viewportWidth == 1400 && inspection.viewportHeight == 1000)
    for selector in overview {
      let box = try #require(inspection.elements[selector], "no \(selector)")
      #expect(
        box.left >= 0 && box.top >= 0 && box.right <= 1400 && box.bottom <= 1000,
        "\(scene): \(selector) at \(box) is not inside the first 1400 x 1000 screen")
    }
    #expect(try #require(inspection.elements["#markers-table"]).top > 1000)
    try Self.keep(try browser.screenshot(), as: "\(scene)-report.png")
    if scene == "dashboard-portrait" {
      try Self.keep(try browser.screenshot(fullPage: true), as: "\(scene)-report-full.png")
    }
  }

  @Test(
    .enabled(if: available, skipReason), arguments: ["dashboard-portrait", "tabletop-landscape"])
  func pictureFilesRenderCleanly(scene: String) throws {
    let directory = try Self.workDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("\(scene).json").path
    let browser = try HeadlessBrowser()
    for (name, extra) in [
      ("frame", ["--frame", "420"]), ("topdown", ["--top-down"]),
      ("topdown-all-tracks", ["--top-down", "--all-tracks"]),
    ] {
      let picture = directory.appendingPathComponent("\(scene)-\(name).svg")
      let run = try ArsimRunner.run(["render", recording, "--out", picture.path] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      try browser.open(picture)
      let inspection = try PageInspection(of: browser)
      Self.expectClean(inspection, browser, "\(scene) \(name)")
      try Self.keep(try browser.screenshot(), as: "\(scene)-\(name).png")
    }
  }

  /// The LiDAR dashboard's depth and mesh pictures: the inline PNG decodes without a console
  /// error or a request, and the scale's labels keep to the rules of every picture.
  @Test(.enabled(if: available, skipReason))
  func depthAndMeshPicturesRenderCleanly() throws {
    let directory = try Self.workDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let recording = Self.scenes.appendingPathComponent("dashboard-curved.json").path
    let browser = try HeadlessBrowser()
    for (name, extra) in [
      ("depth", ["--frame", "60", "--depth"]),
      ("depth-wireframe", ["--frame", "45", "--depth", "--smoothed", "--wireframe"]),
      ("wireframe", ["--frame", "60", "--wireframe"]), ("topdown", ["--top-down"]),
    ] {
      let picture = directory.appendingPathComponent("dashboard-curved-\(name).svg")
      let run = try ArsimRunner.run(["render", recording, "--out", picture.path] + extra)
      #expect(run.status == 0, "\(run.stderr)")
      try browser.open(picture)
      let inspection = try PageInspection(of: browser)
      Self.expectClean(inspection, browser, "dashboard-curved \(name)")
      try Self.keep(try browser.screenshot(), as: "dashboard-curved-\(name).png")
    }
  }
}
