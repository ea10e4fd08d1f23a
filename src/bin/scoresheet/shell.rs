//! `scoresheet completions SHELL` and `scoresheet man`: the shell completion scripts and the
//! manual pages, made from the command line's own definition (clap), so that they never drift
//! from it.
//!
//! clap_complete and clap_mangen are clap's own companions: they read the same `Command` the
//! parser is built from, for every shell clap supports and in roff for `man`.

use std::io::Write;
use std::process::ExitCode;

use clap::CommandFactory;

/// Writes the completion script of `shell` to `out`.
pub(crate) fn completions<C: CommandFactory>(
    shell: clap_complete::Shell,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let mut command = C::command();
    clap_complete::generate(shell, &mut command, "scoresheet", out);
    Ok(ExitCode::SUCCESS)
}

/// Writes the manual page of `scoresheet` to `out`, or with `dir` the page of the program and
/// one per command into that folder (`man -M` or `MANPATH` finds them there).
pub(crate) fn man<C: CommandFactory>(
    dir: Option<&std::path::Path>,
    out: &mut impl Write,
) -> std::io::Result<ExitCode> {
    let command = C::command().name("scoresheet");
    match dir {
        None => clap_mangen::Man::new(command).render(out)?,
        Some(dir) => {
            std::fs::create_dir_all(dir)?;
            clap_mangen::generate_to(command, dir)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
