# fish completion for reorder. Install as
# share/fish/vendor_completions.d/reorder.fish (`make install` does), or copy
# it to ~/.config/fish/completions/.
#
# Generated from the command table (Sources/ReorderCLI/CommandLine/CommandTable.swift)
# by `reorder completions fish`; `make completions` writes it again. Do not
# edit: CompletionScriptTests fails when this file is not what is generated.

# Options that take a value: the word after one is that value.
set -g __reorder_value_options -o --output --color --format -p --pointer --document --delimiter --key -e --expression -f --file --like --preset --comment --groups --group-pattern --block --line-range --marker --from --to --to-file --config --reporter --cache-dir --changed-since

# The words after `reorder` up to the cursor, the first being the command;
# prints nothing until a command is given.
function __reorder_words
    set -l words (commandline -opc)[2..-1]
    if test (count $words) -gt 0; and not string match -q -- '-*' $words[1]
        printf '%s\n' $words
    end
end

# True when the command given is one of $argv (and options may still come).
function __reorder_command_is
    set -l words (__reorder_words)
    test (count $words) -gt 0; or return 1
    contains -- $words[1] $argv; or return 1
    not contains -- -- $words[2..-1]
end

# Prints how many arguments (not options, not option values) follow the
# command, up to the cursor.
function __reorder_argument_count
    set -l words (__reorder_words)
    set -l count 0
    set -l ended false
    set -l value_next false
    for word in $words[2..-1]
        if test $value_next = true
            set value_next false
        else if test $ended = true; or test "$word" = -; or not string match -q -- '-*' $word; or string match -qr -- '^-[0-9]' $word
            set count (math $count + 1)
        else if test "$word" = --
            set ended true
        else if string match -q -- '--*' $word
            if not string match -q -- '*=*' $word; and contains -- $word $__reorder_value_options
                set value_next true
            end
        else
            # -x, -xVALUE, or a cluster of flags such as -cz.
            set -l letters (string split '' -- (string sub -s 2 -- $word))
            for i in (seq (count $letters))
                if contains -- -$letters[$i] $__reorder_value_options
                    test $i -eq (count $letters); and set value_next true
                    break
                end
            end
        end
    end
    # The word at the cursor is an option's value, not an argument.
    test $value_next = true; and return 1
    echo $count
end

# True when the word at the cursor is a FILE: after the command's own
# arguments (indices, selectors, values), which get nothing.
function __reorder_wants_file
    set -l words (__reorder_words)
    test (count $words) -gt 0; or return 1
    set -l arguments (__reorder_argument_count); or return 1
    switch $words[1]
        case move copy swap insert
            test $arguments -ge 2
        case delete
            test $arguments -ge 1
        case batch sort reverse diff edit pick fix check
            true
        case '*'
            false
    end
end

# True where a command name goes: first, or after `help`.
function __reorder_wants_command
    test (count (commandline -opc)) -eq 1; and return
    __reorder_command_is help; and test (__reorder_argument_count) = 0
end

# No files unless a FILE goes here.
complete -c reorder -f
complete -c reorder -n __reorder_wants_file -F

complete -c reorder -n __reorder_wants_command -a move -d 'Move an item so that it ends at TO'
complete -c reorder -n __reorder_wants_command -a copy -d 'Copy an item into another list, or another file'
complete -c reorder -n __reorder_wants_command -a swap -d 'Exchange two items'
complete -c reorder -n __reorder_wants_command -a insert -d 'Insert VALUE so that it ends at AT'
complete -c reorder -n __reorder_wants_command -a delete -d 'Delete an item'
complete -c reorder -n __reorder_wants_command -a batch -d 'Apply many operations as one, with UIKit’s batch-update index rules'
complete -c reorder -n __reorder_wants_command -a sort -d 'Sort the items (stable; byte order by default)'
complete -c reorder -n __reorder_wants_command -a reverse -d 'Reverse the order of the items'
complete -c reorder -n __reorder_wants_command -a diff -d 'Print the fewest operations that turn OLD’s list into NEW’s'
complete -c reorder -n __reorder_wants_command -a edit -d 'Reorder the list in your editor, as git rebase -i does'
complete -c reorder -n __reorder_wants_command -a pick -d 'Reorder the list by dragging its items in the terminal'
complete -c reorder -n __reorder_wants_command -a fix -d 'Put the lists of the policy and the keep-sorted blocks in order'
complete -c reorder -n __reorder_wants_command -a check -d 'Report the lists out of order; write nothing'
complete -c reorder -n __reorder_wants_command -a init -d 'Write a starting .reorder.toml from the lists already in order'
complete -c reorder -n __reorder_wants_command -a lsp -d 'Serve diagnostics and fixes of the lists out of order to an editor'
complete -c reorder -n __reorder_wants_command -a help -d 'Show help for reorder, for one command, the formats or the presets'
complete -c reorder -n '__reorder_command_is help; and test (__reorder_argument_count) = 0' -a formats -d 'The formats, the files each claims and its own options'
complete -c reorder -n '__reorder_command_is help; and test (__reorder_argument_count) = 0' -a presets -d 'The presets, their lists and orders'

# Before a command.
complete -c reorder -n 'test (count (commandline -opc)) -eq 1' -s h -l help -d 'Show help and exit'
complete -c reorder -n 'test (count (commandline -opc)) -eq 1' -s V -l version -d 'Show the version and exit'

# The options of each command.
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse fix init' -s o -l output -r -F -d 'Write the result to PATH and leave the input alone'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse fix' -s c -l check -d 'Write nothing; list the inputs that would change'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse fix check' -l diff -d 'Write nothing; print a unified diff of what would change'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse edit pick fix check' -s v -l verbose -d 'Say which files were rewritten in place'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse pick fix check' -l color -x -a 'auto always never' -d 'Colour the diff and the pick screen'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l format -x -a 'auto lines json jsonc yaml toml markdown csv tsv' -d 'How to read the list'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l json -d 'Read the list as JSON'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l lines -d 'Read the list as lines'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -s p -l pointer -x -d 'The list to edit, as a JSON Pointer (a segment * is each key or index)'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -s z -l null -d 'Lines: items end with NUL'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -s a -l text -d 'Lines: edit an input that holds NUL bytes anyway'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l document -x -d 'YAML: the document of a stream to edit (* for each)'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l delimiter -x -d 'CSV, TSV: the byte between fields'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l no-header -d 'CSV, TSV: the first row is an item, not a header'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort diff' -l one-based -d 'Count indices from 1'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort diff' -l key -x -d 'Compare the value at this JSON Pointer inside each item (CSV: a column)'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse' -l missing-ok -d 'An input without the list, or a selector that selects nothing, changes nothing'
complete -c reorder -n '__reorder_command_is insert batch' -l string -d 'Insert VALUE as a string'
complete -c reorder -n '__reorder_command_is batch' -s e -l expression -x -d 'Add one operation to the batch'
complete -c reorder -n '__reorder_command_is batch' -s f -l file -r -F -d 'Read batch operations from SCRIPT'
complete -c reorder -n '__reorder_command_is batch diff' -l sequential -d 'Apply the operations one after another'
complete -c reorder -n '__reorder_command_is move copy insert sort' -s r -l reverse -d 'Sort in descending order'
complete -c reorder -n '__reorder_command_is sort' -s u -l unique -d 'Keep only the first of equal items'
complete -c reorder -n '__reorder_command_is move copy insert sort' -s i -l ignore-case -d 'Compare ASCII letters without case'
complete -c reorder -n '__reorder_command_is move copy insert sort' -s n -l numeric -d 'Compare numbers by value'
complete -c reorder -n '__reorder_command_is sort' -l recursive -d 'Also sort the members of every object inside by key'
complete -c reorder -n '__reorder_command_is sort' -l like -r -F -d 'Put the items in the order REF has them'
complete -c reorder -n '__reorder_command_is sort' -l preset -x -a 'package.json Cargo.toml pyproject.toml requirements' -d 'Sort the lists of a known file as its tools do'
complete -c reorder -n '__reorder_command_is sort' -l comment -x -d 'Lines, in comment groups: what a heading line starts with'
complete -c reorder -n '__reorder_command_is sort' -l missing-first -d 'With --like: items REF lacks go first'
complete -c reorder -n '__reorder_command_is move swap insert delete batch sort edit pick' -l groups -x -a 'blank-lines comments blank-lines,comments' -d 'Sort within groups, which stay where they are'
complete -c reorder -n '__reorder_command_is sort' -l group-pattern -x -d 'A group of the items PATTERN matches (repeatable)'
complete -c reorder -n '__reorder_command_is diff' -l json-patch -d 'Print RFC 6902 JSON Patch operations'
complete -c reorder -n '__reorder_command_is diff' -l stat -d 'Print only the counts'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l block -x -d 'Work on the lines of the N-th marked block'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick' -l line-range -x -d 'Work on lines A through B (A...B, from 1)'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick fix check' -l marker -x -d 'The marker name of the blocks (keep-sorted)'
complete -c reorder -n '__reorder_command_is pick' -l print -d 'Print the new order as a batch script instead of writing it'
complete -c reorder -n '__reorder_command_is edit' -l from -r -F -d 'Apply a kept edit view instead of opening the editor'
complete -c reorder -n '__reorder_command_is move copy' -l to -x -d 'Move into the list DEST of the same file'
complete -c reorder -n '__reorder_command_is move copy' -l to-file -r -F -d 'Move into a list of the file OTHER'
complete -c reorder -n '__reorder_command_is fix check' -l config -r -F -d 'The policy file to apply'
complete -c reorder -n '__reorder_command_is fix check' -l reporter -x -a 'text json github sarif' -d 'How to report the lists out of order'
complete -c reorder -n '__reorder_command_is fix check' -l no-cache -d 'Read every file, no cache of results'
complete -c reorder -n '__reorder_command_is fix check' -l cache-dir -x -a '(__fish_complete_directories)' -d 'Keep the cache of results in DIR'
complete -c reorder -n '__reorder_command_is fix check' -l changed-since -x -d 'Only the files changed since a git revision'
complete -c reorder -n '__reorder_command_is fix check' -l staged -d 'Only the staged files, as the index holds them'
complete -c reorder -n '__reorder_command_is move copy swap insert delete batch sort reverse diff edit pick fix check init lsp help' -s h -l help -d 'Show help and exit'
