# bash completion for reorder                              -*- shell-script -*-
#
# Install as share/bash-completion/completions/reorder (`make install` does),
# or source this file from ~/.bashrc.
#
# Generated from the command table (Sources/ReorderCLI/CommandLine/CommandTable.swift)
# by `reorder completions bash`; `make completions` writes it again. Do not
# edit: CompletionScriptTests fails when this file is not what is generated.

_reorder_commands='move copy swap insert delete batch sort reverse diff edit pick fix check init lsp help'

# Options that take a value: the word after one is that value, never an
# argument or a file.
_reorder_value_options='-o --output --color --format -p --pointer --document --delimiter --key -e --expression -f --file --like --preset --comment --groups --group-pattern --block --line-range --marker --from --to --to-file --config --reporter --cache-dir --changed-since'

# The options of each command.
_reorder_command_options()
{
    case $1 in
        move)    REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --to --to-file --one-based --key -r --reverse -i --ignore-case -n --numeric --groups --missing-ok -h --help' ;;
        copy)    REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --to --to-file --one-based --key -r --reverse -i --ignore-case -n --numeric --missing-ok -h --help' ;;
        swap)    REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based --key --groups --missing-ok -h --help' ;;
        insert)  REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based --string --key -r --reverse -i --ignore-case -n --numeric --groups --missing-ok -h --help' ;;
        delete)  REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based --key --groups --missing-ok -h --help' ;;
        batch)   REPLY='-e --expression -f --file --sequential -o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based --key --groups --missing-ok --string -h --help' ;;
        sort)    REPLY='-r --reverse -u --unique -i --ignore-case -n --numeric --key --recursive --like --missing-first --groups --group-pattern --preset --comment -o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based --missing-ok -h --help' ;;
        reverse) REPLY='-o --output -c --check --diff --color -v --verbose --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --missing-ok -h --help' ;;
        diff)    REPLY='--sequential --json-patch --stat --key --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker --one-based -h --help' ;;
        edit)    REPLY='--from -v --verbose --groups --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker -h --help' ;;
        pick)    REPLY='--print --color -v --verbose --groups --format --json --lines -p --pointer -z --null -a --text --document --delimiter --no-header --block --line-range --marker -h --help' ;;
        fix)     REPLY='-o --output -c --check --diff --color -v --verbose --marker --config --reporter --no-cache --cache-dir --changed-since --staged -h --help' ;;
        check)   REPLY='--diff --color -v --verbose --marker --config --reporter --no-cache --cache-dir --changed-since --staged -h --help' ;;
        init)    REPLY='-o --output -h --help' ;;
        lsp)     REPLY='-h --help' ;;
        help)    REPLY='-h --help' ;;
        *)       REPLY='' ;;
    esac
}

# How many of the command's own arguments (indices, selectors, values) come
# before its files; empty for a command that takes no files.
_reorder_argument_count()
{
    case $1 in
        move | copy | swap | insert) REPLY=2 ;;
        delete) REPLY=1 ;;
        init | lsp | help) REPLY='' ;;
        *) REPLY=0 ;;
    esac
}

_reorder_files()
{
    if declare -F _filedir >/dev/null; then
        _filedir
    else
        compopt -o filenames 2>/dev/null
        local IFS=$'\n'
        COMPREPLY=($(compgen -f -- "$cur"))
    fi
}

# Completes the value of option $1; the options not named take text,
# where there is nothing to offer.
_reorder_option_value()
{
    case $1 in
        --color) COMPREPLY=($(compgen -W 'auto always never' -- "$cur")) ;;
        --format) COMPREPLY=($(compgen -W 'auto lines json jsonc yaml toml markdown csv tsv' -- "$cur")) ;;
        --preset) COMPREPLY=($(compgen -W 'package.json Cargo.toml pyproject.toml requirements' -- "$cur")) ;;
        --groups) COMPREPLY=($(compgen -W 'blank-lines comments blank-lines,comments' -- "$cur")) ;;
        --reporter) COMPREPLY=($(compgen -W 'text json github sarif' -- "$cur")) ;;
        --cache-dir) COMPREPLY=($(compgen -d -- "$cur")) ;;
        --changed-since) COMPREPLY=($(compgen -W "$(git for-each-ref --format='%(refname:short)' 2>/dev/null)" -- "$cur")) ;;
        -o | --output | -f | --file | --like | --from | --to-file | --config) _reorder_files ;;
        *) COMPREPLY=() ;;
    esac
}

_reorder()
{
    local cur prev words cword split=false
    if declare -F _init_completion >/dev/null; then
        _init_completion -s || return
    else
        cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
        words=("${COMP_WORDS[@]}") cword=$COMP_CWORD
    fi
    COMPREPLY=()

    if ((cword == 1)); then
        if [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W '-h --help -V --version' -- "$cur"))
        else
            COMPREPLY=($(compgen -W "$_reorder_commands" -- "$cur"))
        fi
        return
    fi

    local command=${words[1]} REPLY
    _reorder_command_options "$command"
    local options=$REPLY
    [[ -n $options ]] || return

    # Count the arguments before the cursor, skipping options and their
    # values; note whether the word at the cursor is an option's value.
    local i j word letter value_option='' ended=false arguments=0
    for ((i = 2; i < cword; i++)); do
        word=${words[i]}
        if [[ -n $value_option ]]; then
            value_option=''
        elif $ended || [[ $word == - || $word != -* || $word == -[0-9]* ]]; then
            ((arguments++))
        elif [[ $word == -- ]]; then
            ended=true
        elif [[ $word == --* ]]; then
            [[ $word != *=* && " $_reorder_value_options " == *" $word "* ]] && value_option=$word
        else
            # -x, -xVALUE, or a cluster of flags such as -cz.
            for ((j = 1; j < ${#word}; j++)); do
                letter=-${word:j:1}
                if [[ " $_reorder_value_options " == *" $letter "* ]]; then
                    ((j == ${#word} - 1)) && value_option=$letter
                    break
                fi
            done
        fi
    done
    if $split && ! $ended; then
        value_option=$prev
    fi

    if [[ -n $value_option ]]; then
        _reorder_option_value "$value_option"
        return
    fi

    if ! $ended && [[ $cur == -* && $cur != -[0-9]* ]]; then
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi

    if [[ " help " == *" $command "* ]]; then
        ((arguments == 0)) && COMPREPLY=($(compgen -W "$_reorder_commands formats presets" -- "$cur"))
        return
    fi

    # An index, a selector or a value: nothing to offer. Then files, for a
    # command that takes them.
    _reorder_argument_count "$command"
    [[ -n $REPLY ]] && ((arguments >= REPLY)) && _reorder_files
} &&
    complete -F _reorder reorder

# ex: filetype=sh
