import Foundation
import Testing

@testable import arsim

@Suite struct FilterCommandTests {
  struct Result {
    var code: Int32
    var stdout = ""
    var stderr = ""
  }

  /// Runs `arsim filter` in process on streams in memory.
  static func run(_ arguments: [String], stdin: String = "") -> Result {
    let streams = MemoryStreams(input: stdin)
    let code = Tool.run(["filter"] + arguments, streams: streams.streams)
    return Result(code: code, stdout: streams.output, stderr: streams.error)
  }

  @Test(arguments: ["oneEuro", "kalman", "exponential", "median"])
  func constantSignalPassesThroughUnchanged(filter: String) throws {
    let input = (0..<10).map { "{\"t\":\(Double($0) / 30),\"x\":0.1,\"y\":-0.25,\"z\":2.0}" }
    let stdin = "[" + input.joined(separator: ",") + "]"
    let result = Self.run(["--filter", filter], stdin: stdin)
    #expect(result.code == 0)
    #expect(result.stderr.isEmpty)
    // JSONDecoder parses numbers exactly (JSONSerialization on Linux does not).
    let samples = try JSONDecoder().decode([[String: Double]].self, from: Data(result.stdout.utf8))
    #expect(samples.count == 10)
    #expect(samples.allSatisfy { $0["x"] == 0.1 && $0["y"] == -0.25 && $0["z"] == 2 })
    #expect(samples.map { $0["t"]! } == (0..<10).map { Double($0) / 30 })
  }

  /// Exponential, tau = Te = 0.1 s (alpha = 0.5) on a CSV unit step: 0, 0.5, 0.75.
  @Test func csvInputWithParameters() {
    let result = Self.run(
      ["--filter", "exponential", "--time-constant=0.1", "--csv", "-"],
      stdin: "t,x,y,z\n0,0,0,0\n0.1,1,0,0\n0.2,1,0,0\n")
    #expect(result.code == 0)
    #expect(
      result.stdout == """
        [
          {"t":0.0,"x":0.0,"y":0.0,"z":0.0},
          {"t":0.1,"x":0.5,"y":0.0,"z":0.0},
          {"t":0.2,"x":0.75,"y":0.0,"z":0.0}
        ]

        """)
  }

  @Test(arguments: [
    (["--filter", "oneEuro", "--window", "1"], "--window"),
    (["--filter", "oneEuro", "--beta"], "--beta"),
    (["--min-cutoff", "1"], "--filter"),
    (["--filter", "bogus"], "--filter"),
    (["--filter", "median", "--window", "-3"], "--window"),
  ])
  func usageErrorsExit64NamingTheOption(arguments: [String], option: String) {
    let result = Self.run(arguments)
    #expect(result.code == 64)
    #expect(result.stderr.hasPrefix("arsim filter: "))
    #expect(result.stderr.contains(option))
    #expect(result.stderr.contains("USAGE: arsim filter"))
    #expect(result.stdout.isEmpty)
  }

  @Test func badInputExits1NamingThePlace() {
    let result = Self.run(
      ["--filter", "median"], stdin: "[{\"t\":0,\"x\":0,\"y\":0,\"z\":0},{\"t\":1,\"x\":0,\"y\":0}]"
    )
    #expect(result.code == 1)
    #expect(result.stderr == "arsim filter: <stdin>: [1].z: missing\n")
    #expect(result.stdout.isEmpty)
  }

  @Test func missingFileExits1() {
    let path = "/nonexistent-\(UInt64.random(in: 0...UInt64.max))/log.json"
    let result = Self.run(["--filter", "median", path])
    #expect(result.code == 1)
    #expect(result.stderr.contains(path))
  }

  @Test func helpPrintsUsage() {
    let result = Self.run(["--help"])
    #expect(result.code == 0)
    #expect(result.stdout == HelpFormatter.help(for: FilterCommand.spec) + "\n")
  }
}
