import FetchModel
import GeoModel

/// Completion scripts for `browse`. Names come from the active data at completion time,
/// through the hidden `browse --complete province|city|county [-p <province>] [-c <city>]`.
public enum CompletionScript {
  public static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  private static var visible: [OptionSpec] { OptionSpec.all.filter { !$0.hidden } }

  /// The values an option takes from a fixed set, from the types the parser reads them
  /// into, so a value added there is offered in every shell; nil for a free value.
  static func choices(_ key: OptionSpec.Key) -> [String]? {
    switch key {
    case .format: OutputFormat.allCases.map(\.rawValue)
    case .completion: Shell.allCases.map(\.rawValue)
    case .variant: PageVariant.allCases.map(\.rawValue)
    case .sort: ListOrder.Sort.allCases.map(\.rawValue)
    case .datum: GeoDatum.allCases.map(\.rawValue)
    default: nil
    }
  }

  /// One `case` arm an option with fixed values: the values are ours, never the data's.
  private static var bashChoices: String {
    visible.compactMap { spec -> String? in
      guard let values = choices(spec.key) else { return nil }
      let names = ([spec.short.map { "-\($0)" }] + ["--\(spec.long)"]).compactMap { $0 }
      let words = values.joined(separator: "\\n")
      let reply = "COMPREPLY=($(compgen -W $'\(words)' -- \"$cur\")); return ;;"
      return "    \(names.joined(separator: "|"))) \(reply)"
    }.joined(separator: "\n")
  }

  private static var bash: String {
    let words = visible.flatMap { spec in [spec.short.map { "-\($0)" }, "--\(spec.long)"] }
      .compactMap { $0 }.joined(separator: " ")
    return """
      # bash completion for browse; load with: source <(browse --completion bash)
      # The names `browse --complete` lists (from a data file: untrusted) that begin with
      # $cur, read as lines and compared literally: never through compgen -W, which expands
      # $(…) and backquotes in its words, nor unquoted, which would glob them. A name with a
      # character the shell acts on is offered quoted (printf %q), as it must be inserted.
      _browse_names() {
        local name quoted
        COMPREPLY=()
        while IFS= read -r name; do
          case "$name" in
            *[[:space:]\\"\\'\\\\\\`\\$\\;\\&\\|\\<\\>\\(\\)\\*\\?\\[\\]\\{\\}\\~\\#\\!]*) printf -v quoted '%q' "$name" ;;
            *) quoted="$name" ;;
          esac
          [[ "$name" == "$cur"* || "$quoted" == "$cur"* ]] && COMPREPLY+=("$quoted")
        done < <(browse "${data[@]}" --complete "$@" 2>/dev/null)
      }
      _browse() {
        local cur prev province city file word i
        local -a data=()
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        # Names come from the data the command line being completed would use: its
        # --data (bash splits --data=x into "--data" "=" "x"), else PROVINCE_BROWSER_DATA.
        for ((i = 1; i < COMP_CWORD; i++)); do
          word="${COMP_WORDS[i+1]}"
          [[ "$word" == "=" && i+2 -lt COMP_CWORD ]] && word="${COMP_WORDS[i+2]}"
          case "${COMP_WORDS[i]}" in
            -d|--data) file="$word" ;;
            --data=?*) file="${COMP_WORDS[i]#--data=}" ;;
            -p|--province) province="$word" ;;
            --province=?*) province="${COMP_WORDS[i]#--province=}" ;;
            -c|--city) city="$word" ;;
            --city=?*) city="${COMP_WORDS[i]#--city=}" ;;
          esac
        done
        # Standard input is the user's terminal here, not the data.
        [[ -n "$file" && "$file" != "-" ]] && data=(--data "${file/#\\~\\//$HOME/}")
        case "$prev" in
          -p|--province) _browse_names province; return ;;
          -c|--city)
            local -a scope=()
            [[ -n "$province" ]] && scope+=(-p "$province")
            _browse_names city "${scope[@]}"
            return ;;
          -x|--county)
            local -a scope=()
            [[ -n "$province" ]] && scope+=(-p "$province")
            [[ -n "$city" ]] && scope+=(-c "$city")
            _browse_names county "${scope[@]}"
            return ;;
        esac
        local IFS=$'\\n'
        case "$prev" in
      \(bashChoices)
          -d|--data|--validate) COMPREPLY=($(compgen -f -- "$cur")); return ;;
          -s|--search|--timeout|--max-bytes) return ;;
        esac
        IFS=' '
        COMPREPLY=($(compgen -W "\(words)" -- "$cur"))
      }
      complete -F _browse browse

      """
  }

  private static var zsh: String {
    let specs = visible.map { spec -> String in
      let exclusion = spec.short.map { "(-\($0) --\(spec.long))" } ?? ""
      let names = spec.short.map { "{-\($0),--\(spec.long)}" } ?? "--\(spec.long)"
      // Inside '…' in an _arguments spec: a quote closes and reopens the quoting, and
      // a colon or bracket would end the description unless escaped with a backslash.
      let help = spec.help.replacingOccurrences(of: "'", with: "'\\''")
        .replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "[", with: "\\[")
        .replacingOccurrences(of: "]", with: "\\]")
      var action = ""
      switch spec.key {
      case .province: action = ":province:->province"
      case .city: action = ":city:->city"
      case .county: action = ":county:->county"
      case .data: action = ":file:_files"
      default:
        if let values = choices(spec.key) {
          action = ":\(spec.value ?? spec.long):(\(values.joined(separator: " ")))"
        } else {
          action = spec.value.map { ":\($0): " } ?? ""
        }
      }
      let quotedNames = spec.short == nil ? "'\(names)" : "'\(exclusion)'\(names)'"
      return "    " + quotedNames + "[\(help)]\(action)'"
    }
    return """
      #compdef browse
      # zsh completion for browse; load with: source <(browse --completion zsh)
      _browse() {
        local state province city data
        local -a names args
        _arguments -s \\
      \(specs.joined(separator: " \\\n"))
        # Names come from the data the command line being completed would use: its
        # --data, else PROVINCE_BROWSER_DATA.
        data=${(Q)${opt_args[-d]:-${opt_args[--data]}}}
        [[ -n "$data" && "$data" != "-" ]] && args=(--data "${data/#\\~\\//$HOME/}")
        case $state in
          province)
            names=(${(f)"$(browse "${args[@]}" --complete province 2>/dev/null)"})
            compadd -a names ;;
          city)
            province=${(Q)${opt_args[-p]:-${opt_args[--province]}}}
            [[ -n "$province" ]] && args+=(-p "$province")
            names=(${(f)"$(browse "${args[@]}" --complete city 2>/dev/null)"})
            compadd -a names ;;
          county)
            province=${(Q)${opt_args[-p]:-${opt_args[--province]}}}
            city=${(Q)${opt_args[-c]:-${opt_args[--city]}}}
            [[ -n "$province" ]] && args+=(-p "$province")
            [[ -n "$city" ]] && args+=(-c "$city")
            names=(${(f)"$(browse "${args[@]}" --complete county 2>/dev/null)"})
            compadd -a names ;;
        esac
      }
      if [[ "${funcstack[1]}" == "_browse" ]]; then _browse "$@"; else compdef _browse browse; fi

      """
  }

  private static var fish: String {
    let lines = visible.map { spec -> String in
      var line = "complete -c browse"
      if let short = spec.short { line += " -s \(short)" }
      line += " -l \(spec.long)"
      switch spec.key {
      case .province: line += " -x -a '(browse (__browse_data) --complete province 2>/dev/null)'"
      case .city: line += " -x -a '(__browse_cities)'"
      case .county: line += " -x -a '(__browse_counties)'"
      case .data: line += " -r -F"
      default:
        if let values = choices(spec.key) {
          line += " -x -a '\(values.joined(separator: " "))'"
        } else if spec.value != nil {
          line += " -x"
        }
      }
      let help = spec.help.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'")
      return line + " -d '\(help)'"
    }
    return """
      # fish completion for browse; load with: browse --completion fish | source
      # The --data of the command line being completed (else PROVINCE_BROWSER_DATA applies).
      function __browse_data
          set -l tokens (commandline -opc)
          set -l data
          for i in (seq (count $tokens))
              if contains -- $tokens[$i] -d --data; and test $i -lt (count $tokens)
                  set data $tokens[(math $i + 1)]
              else if string match -q -- '--data=*' $tokens[$i]
                  set data (string replace -- '--data=' '' $tokens[$i])
              end
          end
          if test -n "$data"; and test "$data" != -
              printf '%s\\n' --data (string replace -r -- '^~/' "$HOME/" $data)
          end
      end
      function __browse_cities
          set -l tokens (commandline -opc)
          set -l province
          for i in (seq (count $tokens))
              if contains -- $tokens[$i] -p --province; and test $i -lt (count $tokens)
                  set province $tokens[(math $i + 1)]
              else if string match -q -- '--province=*' $tokens[$i]
                  set province (string replace -- '--province=' '' $tokens[$i])
              end
          end
          if test -n "$province"
              browse (__browse_data) --complete city -p $province 2>/dev/null
          else
              browse (__browse_data) --complete city 2>/dev/null
          end
      end
      function __browse_counties
          set -l tokens (commandline -opc)
          set -l scope
          for i in (seq (count $tokens))
              if contains -- $tokens[$i] -p --province -c --city; and test $i -lt (count $tokens)
                  set -a scope $tokens[$i] $tokens[(math $i + 1)]
              end
          end
          browse (__browse_data) --complete county $scope 2>/dev/null
      end
      complete -c browse -f
      \(lines.joined(separator: "\n"))

      """
  }
}
