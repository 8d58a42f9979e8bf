import Foundation
import SceneFormat
import Testing
import _TestSupport

/// `BundledScenes` finds the package's `Scenes/` folder and reads from it; a name it does not
/// hold is an error naming it.
@Suite struct BundledScenesTests {
  @Test func directoryIsThePackagesScenesFolder() throws {
    let expected = RecordingFixtures.packageRoot().appendingPathComponent("Scenes")
    #expect(BundledScenes.directory.standardizedFileURL.path == expected.standardizedFileURL.path)
    #expect(BundledScenes.recordingNames.contains("dashboard-portrait.json"))
    #expect(BundledScenes.recordingNames == BundledScenes.recordingNames.sorted())
  }

  @Test func readsABundledRecordingSpecAndSchema() throws {
    // The sample scene: 10 s at 60 Hz, twelve buttons.
    let recording = try BundledScenes.recording("dashboard-portrait.json")
    #expect(recording.frames.count == 600)
    #expect(recording.header.truth?.objects.count == 12)
    let spec = try BundledScenes.url(for: "specs/dashboard-portrait.json")
    #expect(FileManager.default.fileExists(atPath: spec.path))
    let schema = try BundledScenes.url(for: "schema/recording.schema.json")
    #expect(try Data(contentsOf: schema).count > 0)
  }

  @Test func aMissingNameIsNamed() {
    #expect {
      _ = try BundledScenes.url(for: "no-such-scene.json")
    } throws: { error in
      guard let error = error as? InputFileError else { return false }
      return error.kind == .io && error.description.hasPrefix("no-such-scene.json: ")
        && error.description.contains(BundledScenes.directory.path)
    }
    // A folder is not a file.
    #expect(throws: InputFileError.self) { _ = try BundledScenes.url(for: "specs") }
  }
}
