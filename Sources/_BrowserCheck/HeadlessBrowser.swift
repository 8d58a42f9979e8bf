import Foundation
import SceneFormat

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`:
/// commands on the child's fd 3, replies and events on its fd 4, each message JSON ended by a NUL
/// byte), for checking the pictures and the report as a browser renders them. Not API: a
/// support target for the tests and the benchmarks.
///
/// One page: ``open(_:)`` loads a URL and waits for its load event; the console errors, uncaught
/// exceptions, log errors and network requests seen since are collected. Every wait is bounded
/// by ``timeoutSeconds`` (a guard against a hung browser, not a measurement).
public final class HeadlessBrowser {
  /// Why the browser could not do what was asked.
  public struct Failure: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
  }

  /// The Chromium executable: `ARSIM_CHROMIUM` when set, else the first of `chromium`,
  /// `chromium-browser`, `google-chrome` on the `PATH`; `nil` when there is none.
  public static let executable: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let explicit = environment["ARSIM_CHROMIUM"], !explicit.isEmpty {
      return FileManager.default.isExecutableFile(atPath: explicit) ? explicit : nil
    }
    let directories = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for directory in directories {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
      }
    }
    return nil
  }()

  /// Whether a missing browser must fail the checks instead of skipping them
  /// (`ARSIM_REQUIRE_BROWSER=1`, as CI sets it).
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["ARSIM_REQUIRE_BROWSER"] == "1"
  }

  /// The longest wait for one reply or event, seconds.
  public var timeoutSeconds: Int32 = 120
  /// Console messages of level error, uncaught exceptions and log entries of level error, in the
  /// order seen, since the last ``open(_:)``.
  public private(set) var errors: [String] = []
  /// URLs requested by the page since the last ``open(_:)``, other than the page itself and
  /// `data:` URLs (content inlined in the page, such as an embedded PNG, which fetch nothing).
  public private(set) var requests: [String] = []

  private let pid: pid_t
  private let commands: Int32
  private let replies: Int32
  private let profile: URL
  private var buffer: [UInt8] = []
  /// How much of `buffer` is known to hold no NUL.
  private var scanned = 0
  private var nextID = 1
  private var sessionID: String?
  private var pending: [JSONValue] = []

  /// Starts a headless browser whose page viewport is `width` x `height` CSS px, attached to
  /// one blank page.
  ///
  /// - Throws: ``Failure`` when there is no browser or it cannot be started.
  public init(width: Int = 1400, height: Int = 1000) throws {
    guard let executable = Self.executable else {
      throw Failure(description: "no chromium (install it: apt-get install -y chromium)")
    }
    profile = FileManager.default.temporaryDirectory.appendingPathComponent(
      "arsim-browser-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
    var toChild: [Int32] = [0, 0]
    var fromChild: [Int32] = [0, 0]
    guard pipe(&toChild) == 0, pipe(&fromChild) == 0 else {
      throw Failure(description: "cannot create pipes")
    }
    let arguments = [
      executable, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
      "--hide-scrollbars", "--no-first-run", "--no-default-browser-check", "--mute-audio",
      "--disable-extensions", "--disable-background-networking", "--disable-sync",
      "--force-device-scale-factor=1", "--window-size=\(width),\(height)",
      "--user-data-dir=\(profile.path)", "about:blank",
    ]
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, toChild[0], 3)
    posix_spawn_file_actions_adddup2(&actions, fromChild[1], 4)
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var child: pid_t = 0
    let status = posix_spawn(&child, executable, &actions, nil, &cArguments, environ)
    close(toChild[0])
    close(fromChild[1])
    guard status == 0 else {
      close(toChild[1])
      close(fromChild[0])
      throw Failure(description: "cannot start \(executable): error \(status)")
    }
    pid = child
    commands = toChild[1]
    replies = fromChild[0]
    signal(SIGPIPE, SIG_IGN)
    try attach()
    // The window's chrome may take some of the window: make the page's viewport exactly the size
    // asked for.
    _ = try send(
      "Emulation.setDeviceMetricsOverride",
      [
        "width": .number(Double(width)), "height": .number(Double(height)),
        "deviceScaleFactor": .number(1), "mobile": .bool(false),
      ])
  }

  deinit {
    _ = try? send("Browser.close", [:], session: false)
    close(commands)
    close(replies)
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    try? FileManager.default.removeItem(at: profile)
  }

  /// Finds the blank page, attaches to it and enables the domains the checks listen to.
  private func attach() throws {
    let targets = try send("Target.getTargets", [:], session: false)
    guard case .array(let infos)? = targets["targetInfos"],
      let page = infos.first(where: { $0["type"] == .string("page") }),
      case .string(let targetID)? = page["targetId"]
    else { throw Failure(description: "the browser has no page") }
    let attached = try send(
      "Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)],
      session: false)
    guard case .string(let session)? = attached["sessionId"] else {
      throw Failure(description: "cannot attach to the page")
    }
    sessionID = session
    for domain in ["Page", "Runtime", "Log", "Network"] { _ = try send("\(domain).enable") }
  }

  /// Loads `url` and waits for its load event; returns the wall time from the navigation
  /// command to the load event, seconds (measured by the caller's benchmark only).
  ///
  /// - Throws: ``Failure`` when navigation fails or times out.
  @discardableResult
  public func open(_ url: URL) throws -> Double {
    errors = []
    requests = []
    pending.removeAll { $0["method"] == .string("Page.loadEventFired") }
    let clock = ContinuousClock()
    let start = clock.now
    let result = try send("Page.navigate", ["url": .string(url.absoluteString)])
    if case .string(let text)? = result["errorText"] {
      throw Failure(description: "cannot open \(url.path): \(text)")
    }
    _ = try waitForEvent("Page.loadEventFired")
    let elapsed = clock.now - start
    let (seconds, attoseconds) = elapsed.components
    // Let queued console and network events arrive.
    _ = try evaluate("0")
    collect(pageURL: url.absoluteString)
    return Double(seconds) + Double(attoseconds) * 1e-18
  }

  /// Evaluates a JavaScript expression in the page and returns its value (by value, so a
  /// string, number, boolean, array or object).
  ///
  /// - Throws: ``Failure`` with the exception text when the expression throws.
  public func evaluate(_ expression: String) throws -> JSONValue {
    let reply = try send(
      "Runtime.evaluate",
      [
        "expression": .string(expression), "returnByValue": .bool(true),
        "awaitPromise": .bool(true),
      ]
    )
    if let exception = reply["exceptionDetails"] {
      throw Failure(description: "script failed: \(exception)")
    }
    return reply["result"]?["value"] ?? .null
  }

  /// A PNG of the page: the current viewport, or (`fullPage`) the whole document.
  public func screenshot(fullPage: Bool = false) throws -> Data {
    var parameters: [String: JSONValue] = ["format": .string("png")]
    if fullPage { parameters["captureBeyondViewport"] = .bool(true) }
    if fullPage,
      case .object(let size) = try evaluate(
        "({width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight})"
      ),
      case .number(let w)? = size["width"], case .number(let h)? = size["height"]
    {
      parameters["clip"] = .object([
        "x": .number(0), "y": .number(0), "width": .number(w), "height": .number(h),
        "scale": .number(1),
      ])
    }
    let reply = try send("Page.captureScreenshot", parameters)
    guard case .string(let base64)? = reply["data"], let data = Data(base64Encoded: base64) else {
      throw Failure(description: "no screenshot data")
    }
    return data
  }

  // MARK: - Protocol

  /// Sends a command (to the page session unless `session` is false) and returns its result;
  /// events that arrive meanwhile are queued.
  private func send(
    _ method: String, _ parameters: [String: JSONValue] = [:], session: Bool = true
  ) throws -> JSONValue {
    let id = nextID
    nextID += 1
    var message: [String: JSONValue] = [
      "id": .number(Double(id)), "method": .string(method), "params": .object(parameters),
    ]
    if session, let sessionID { message["sessionId"] = .string(sessionID) }
    var bytes = try JSONWriter.bytes(of: .object(message))
    bytes.append(0)
    try bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let written = write(commands, raw.baseAddress! + offset, raw.count - offset)
        guard written > 0 else { throw Failure(description: "the browser closed its pipe") }
        offset += written
      }
    }
    while true {
      let reply = try nextMessage()
      if reply["id"] == .number(Double(id)) {
        if let error = reply["error"] {
          throw Failure(description: "\(method) failed: \(error)")
        }
        return reply["result"] ?? .object([:])
      }
      if reply["method"] != nil { pending.append(reply) }
    }
  }

  /// Waits for the first event named `method` (queued or new).
  private func waitForEvent(_ method: String) throws -> JSONValue {
    if let index = pending.firstIndex(where: { $0["method"] == .string(method) }) {
      return pending[index]
    }
    while true {
      let message = try nextMessage()
      if message["method"] != nil { pending.append(message) }
      if message["method"] == .string(method) { return message }
    }
  }

  /// Moves the queued console, exception, log and network events into ``errors`` and
  /// ``requests``.
  private func collect(pageURL: String) {
    for event in pending {
      guard case .string(let method)? = event["method"] else { continue }
      let params = event["params"] ?? .null
      switch method {
      case "Runtime.consoleAPICalled":
        if params["type"] == .string("error") || params["type"] == .string("assert") {
          errors.append("console: \(params["args"] ?? .null)")
        }
      case "Runtime.exceptionThrown":
        errors.append("exception: \(params["exceptionDetails"] ?? .null)")
      case "Log.entryAdded":
        if params["entry"]?["level"] == .string("error") {
          errors.append("log: \(params["entry"]?["text"] ?? .null)")
        }
      case "Network.requestWillBeSent":
        if case .string(let url)? = params["request"]?["url"], url != pageURL,
          !url.hasPrefix("data:")
        {
          requests.append(url)
        }
      default:
        break
      }
    }
    pending.removeAll()
  }

  /// Reads the next NUL-terminated message, waiting at most ``timeoutSeconds``.
  private func nextMessage() throws -> JSONValue {
    while true {
      if let end = buffer[scanned...].firstIndex(of: 0) {
        let message = Array(buffer[..<end])
        buffer.removeSubrange(...end)
        scanned = 0
        return try JSONParser.parse(message)
      }
      scanned = buffer.count
      var descriptor = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
      let ready = poll(&descriptor, 1, timeoutSeconds * 1000)
      guard ready > 0 else {
        throw Failure(description: "the browser did not answer within \(timeoutSeconds) s")
      }
      var chunk = [UInt8](repeating: 0, count: 1 << 16)
      let count = read(replies, &chunk, chunk.count)
      guard count > 0 else { throw Failure(description: "the browser exited") }
      buffer += chunk[..<count]
    }
  }
}

extension JSONValue {
  /// The member `key` of an object, `nil` otherwise.
  subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members[key]
  }
}
