//! Runs one command as a child process and measures it: wall time, CPU time and peak RSS
//! (from the child's own rusage, read with `wait4`), with a time limit and a memory cap so that
//! a runaway run is stopped instead of taking the machine down.

use std::ffi::OsString;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A command to measure: the program, its arguments, extra environment, and the file given
/// on its standard input (none: an empty input).
#[derive(Clone, Debug)]
pub struct Cmd {
    pub program: PathBuf,
    pub args: Vec<OsString>,
    pub env: Vec<(String, String)>,
    pub stdin: Option<PathBuf>,
}

impl Cmd {
    pub fn new(program: &Path) -> Cmd {
        Cmd {
            program: program.to_path_buf(),
            args: Vec::new(),
            env: Vec::new(),
            stdin: None,
        }
    }

    /// Appends arguments.
    pub fn args<S: Into<OsString>>(mut self, args: impl IntoIterator<Item = S>) -> Cmd {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable for the child.
    pub fn env(mut self, name: &str, value: &str) -> Cmd {
        self.env.push((name.to_owned(), value.to_owned()));
        self
    }

    fn command(&self) -> Command {
        let mut c = Command::new(&self.program);
        c.args(&self.args).stderr(Stdio::null());
        for (k, v) in &self.env {
            c.env(k, v);
        }
        c
    }

    /// The command as a shell line (for the table's notes).
    pub fn display(&self) -> String {
        let mut s = String::new();
        for (k, v) in &self.env {
            s.push_str(&format!("{k}={v} "));
        }
        let name = self.program.file_name().unwrap_or(self.program.as_os_str());
        s.push_str(&name.to_string_lossy());
        for a in &self.args {
            let a = a.to_string_lossy();
            // Paths into the temporary folder are shown by file name.
            let shown = Path::new(a.as_ref())
                .file_name()
                .filter(|_| a.contains('/'))
                .map_or(a.to_string(), |n| n.to_string_lossy().into_owned());
            s.push(' ');
            s.push_str(&shown);
        }
        if let Some(p) = &self.stdin {
            let n = p.file_name().unwrap_or(p.as_os_str());
            s.push_str(&format!(" < {}", n.to_string_lossy()));
        }
        s
    }
}

/// Limits on one run.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub timeout: Duration,
    pub rss_cap_kib: u64,
}

/// How one run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// Exited with this code.
    Exit(i32),
    /// Killed by this signal (not by the bench).
    Signal(i32),
    /// Stopped by the bench: over the time limit.
    Timeout,
    /// Stopped by the bench: over the memory cap.
    OverMemory,
}

/// What one run measured.
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub wall: f64,
    pub cpu: f64,
    pub max_rss_kib: u64,
    pub end: End,
}

impl Run {
    /// True when the child ran to its end (whatever its exit code).
    pub const fn finished(&self) -> bool {
        matches!(self.end, End::Exit(_))
    }
}

/// The resident set size of a running process, from /proc (0 when unknown).
fn current_rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        })
        .unwrap_or(0)
}

/// Reaps the child with `wait4` (polling, so that the limits can be enforced) and returns
/// its rusage. The child must not have been waited for.
fn reap(child: &mut Child, start: Instant, limits: Limits) -> Run {
    let pid = child.id() as libc::pid_t;
    let mut stopped = None;
    let mut next_rss_check = Duration::from_millis(50);
    loop {
        let mut status: libc::c_int = 0;
        // SAFETY: an all-zero rusage is a valid value of this plain C struct.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        let flags = if stopped.is_some() { 0 } else { libc::WNOHANG };
        // SAFETY: `pid` is our own unreaped child; both pointers are to live locals.
        let r = unsafe { libc::wait4(pid, &mut status, flags, &mut usage) };
        if r == pid {
            let wall = start.elapsed().as_secs_f64();
            let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
            let end = stopped.unwrap_or(if libc::WIFEXITED(status) {
                End::Exit(libc::WEXITSTATUS(status))
            } else {
                End::Signal(libc::WTERMSIG(status))
            });
            return Run {
                wall,
                cpu: tv(usage.ru_utime) + tv(usage.ru_stime),
                max_rss_kib: usage.ru_maxrss as u64,
                end,
            };
        }
        if r < 0 {
            panic!("wait4 failed: {}", std::io::Error::last_os_error());
        }
        let elapsed = start.elapsed();
        if elapsed > limits.timeout {
            let _ = child.kill();
            stopped = Some(End::Timeout);
        } else if elapsed > next_rss_check {
            next_rss_check = elapsed + Duration::from_millis(50);
            if current_rss_kib(child.id()) > limits.rss_cap_kib {
                let _ = child.kill();
                stopped = Some(End::OverMemory);
            }
        }
        std::thread::sleep(Duration::from_micros(200));
    }
}

/// Runs the command once with its output thrown away.
pub fn run(cmd: &Cmd, limits: Limits) -> std::io::Result<Run> {
    let mut c = cmd.command();
    c.stdout(Stdio::null());
    match &cmd.stdin {
        Some(p) => c.stdin(std::fs::File::open(p)?),
        None => c.stdin(Stdio::null()),
    };
    let start = Instant::now();
    let mut child = c.spawn()?;
    Ok(reap(&mut child, start, limits))
}

/// What the streaming run saw: when the first byte of output came, and when the last byte of
/// input had been taken by the child (a pipe holds at most 64 KiB ahead of its reader).
#[derive(Clone, Copy, Debug)]
pub struct Streaming {
    pub first_output: Option<f64>,
    pub input_taken: f64,
    pub run: Run,
}

/// Runs the command with `input` written to its standard input through a pipe and its output
/// read as it comes.
pub fn run_streaming(cmd: &Cmd, input: &Path, limits: Limits) -> std::io::Result<Streaming> {
    let data = std::fs::read(input)?;
    let mut c = cmd.command();
    c.stdin(Stdio::piped()).stdout(Stdio::piped());
    let start = Instant::now();
    let mut child = c.spawn()?;
    let mut stdin = child.stdin.take().expect("piped");
    let writer = std::thread::spawn(move || {
        // A child that stops reading early makes the write fail: the input is then taken too.
        for chunk in data.chunks(64 * 1024) {
            if stdin.write_all(chunk).is_err() {
                break;
            }
        }
        drop(stdin);
        start.elapsed().as_secs_f64()
    });
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut first = None;
        let mut buf = vec![0u8; 64 * 1024];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            first.get_or_insert_with(|| start.elapsed().as_secs_f64());
        }
        first
    });
    let run = reap(&mut child, start, limits);
    let input_taken = writer.join().expect("writer thread");
    let first_output = reader.join().expect("reader thread");
    Ok(Streaming {
        first_output,
        input_taken,
        run,
    })
}
