import Foundation
import Testing

@testable import arsim

/// The completion scripts, generated through the binary and run in the real shells: bash
/// completions are computed by the script itself (`_arsim` on a given `COMP_WORDS`), fish's with
/// `complete -C`, and zsh's script must parse and register itself with `compdef`.
/// zsh and fish tests run when the shell is installed, and always when `ARSIM_REQUIRE_SHELLS`
/// is set (as `.ci/run` does), so CI fails rather than skips.
@Suite("arsim completion")
struct CompletionScriptTests {
  static func installed(_ shell: String) -> Bool {
    ProcessInfo.processInfo.environment["ARSIM_REQUIRE_SHELLS"] != nil
      || ["/bin", "/usr/bin", "/usr/local/bin"].contains {
        FileManager.default.isExecutableFile(atPath: "\($0)/\(shell)")
      }
  }

  /// Runs `shell` with `arguments` through the test runner's spawner (stdin empty).
  static func shell(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String)
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // The outputs are small (well under a pipe buffer), so reading one after the other is safe.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
      process.terminationStatus, String(decoding: stdout, as: UTF8.self),
      String(decoding: stderr, as: UTF8.self)
    )
  }

  /// The script for `shell`, written to a fresh temporary directory that also holds a directory
  /// `data` and a file `data.txt` for file-name completion.
  static func script(_ shell: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "CompletionScriptTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("data"), withIntermediateDirectories: true)
    try Data().write(to: directory.appendingPathComponent("data.txt"))
    let result = try ArsimRunner.run(["completion", shell])
    #expect(result.status == 0 && result.stderr.isEmpty)
    let url = directory.appendingPathComponent("arsim.\(shell)")
    try Data(result.stdout.utf8).write(to: url)
    return url
  }

  /// What bash's `_arsim` offers for `words` (the last one is being completed).
  static func bashCompletions(_ script: URL, _ words: [String]) throws -> [String] {
    let quoted = (["arsim"] + words).map { "'" + $0 + "'" }.joined(separator: " ")
    let program = """
      source '\(script.path)'
      COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count); COMPREPLY=()
      _arsim
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let result = try shell(["bash", "--norc", "--noprofile", "-c", program])
    #expect(result.status == 0, "\(result.stderr)")
    return result.stdout.split(separator: "\n").map(String.init)
  }

  @Test func bashCompletesCommandsOptionsValuesAndFiles() throws {
    let script = try Self.script("bash")
    let directory = script.deletingLastPathComponent().path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let cases: [([String], [String])] = [
      (["rep"], ["replay"]),
      (["r"], ["raycast", "replay", "render"]),
      (["--v"], ["--version"]),
      (["raycast", "--tar"], ["--target"]),
      (["raycast", "--target", "existingPlaneI"], ["existingPlaneInfinite"]),
      (
        ["raycast", "--target", "=", "existingPlaneU"],
        ["existingPlaneUsingExtent", "existingPlaneUsingGeometry"]
      ),
      (["raycast", "-"], []),  // many options: checked below by count
      (
        ["explain", "--orientation", ""],
        [
          "up", "upMirrored", "down", "downMirrored", "leftMirrored", "right", "rightMirrored",
          "left",
        ]
      ),
      (["filter", "--filter", "k"], ["kalman"]),
      (["sweep", "--rank-by", "j"], ["jitterMm"]),
      (["completion", ""], ["bash", "zsh", "fish"]),
      (["help", "sw"], ["sweep"]),
      (["import", "a"], ["arkit-data-logger", "arcore-data-logger"]),
      (["import", "o"], ["objectron"]),
      (["import", "l"], ["lightship"]),
      (["import", "arcore-data-logger", "--sen"], ["--sensor-orientation"]),
      (["import", "arkit-data-logger", "\(directory)/da"], ["\(directory)/data"]),
      (["replay", "\(directory)/da"], ["\(directory)/data", "\(directory)/data.txt"]),
      (["replay", "--out", "\(directory)/data."], ["\(directory)/data.txt"]),
      (["replay", "--threads", ""], []),
      (["sweep", "--recordings", "\(directory)/d"], ["\(directory)/data"]),
      (["arcore", ""], ["transform", "--help", "-h"]),
      (["arcore", "transform", "--from", "VIEW_"], ["VIEW_NORMALIZED"]),
      (["arcore", "transform", "--rotation", "9"], ["90"]),
      (["arcore", "transform", "--ro"], ["--rotation"]),
    ]
    for (words, expected) in cases where words != ["raycast", "-"] {
      #expect(try Self.bashCompletions(script, words).sorted() == expected.sorted(), "\(words)")
    }
    let raycastOptions = try Self.bashCompletions(script, ["raycast", "-"])
    #expect(
      Set(raycastOptions)
        == Set(RaycastCommand.spec.allOptions.map(\.flagName) + ["-h"]))
  }

  @Test(.enabled(if: installed("zsh"), "zsh is not installed")) func zshScriptLoads() throws {
    let script = try Self.script("zsh")
    defer { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }
    let syntax = try Self.shell(["zsh", "-n", script.path])
    #expect(syntax.status == 0, "\(syntax.stderr)")
    let dump = script.deletingLastPathComponent().appendingPathComponent("zcompdump").path
    let loaded = try Self.shell([
      "zsh", "-f", "-c",
      "autoload -U compinit; compinit -u -d '\(dump)'; source '\(script.path)'; "
        + "print -r -- ${_comps[arsim]}",
    ])
    #expect(loaded.status == 0 && loaded.stdout == "_arsim\n", "\(loaded.stderr)")
  }

  @Test(.enabled(if: installed("fish"), "fish is not installed")) func fishCompletes() throws {
    let script = try Self.script("fish")
    defer { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }
    func completions(_ line: String) throws -> [String] {
      let result = try Self.shell([
        "fish", "--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      // Each line is the word, a tab, then the description.
      return result.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }
    }
    #expect(try completions("arsim rep") == ["replay"])
    #expect(try completions("arsim raycast --target existingPlaneI") == ["existingPlaneInfinite"])
    #expect(try completions("arsim explain --ori") == ["--orientation"])
    #expect(try completions("arsim sweep --rank-by p") == ["placementErrorMm"])
    #expect(try completions("arsim arcore ") == ["transform"])
    #expect(try completions("arsim arcore transform --sensor-orientation 2") == ["270"])
  }
}
