/// A titled group of options in a command's help. A group may apply only when another option
/// has a given value (the options of one filter apply only with `--filter` naming it); the
/// parser then refuses them otherwise, naming both options.
struct OptionGroup: Sendable {
  /// When a group's options apply.
  struct Condition: Sendable {
    /// The option that selects (without `--`).
    let option: String
    /// The value it must have, as written on the command line.
    let value: String
  }

  /// The heading, in capitals (`ONE-EURO OPTIONS (--filter oneEuro)`).
  let title: String
  /// The options, in help order.
  let options: [any OptionDeclaring]
  /// `nil` when the options always apply.
  let condition: Condition?

  init(_ title: String, condition: Condition? = nil, options: [any OptionDeclaring]) {
    self.title = title
    self.condition = condition
    self.options = options
  }
}
