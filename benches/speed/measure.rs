//! Runs one command as a child process and measures it: wall time, CPU time and peak RSS
//! (from the child's own rusage, read with `wait4`), with a time limit and a memory cap so that
//! a runaway run is stopped instead of taking the machine down. The child is started by a
//! small intermediary process ([`intermediary`]) that does the measuring.

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

    /// The command started through the measuring intermediary (this bench binary run as
    /// `--measure`), which reports on its standard error.
    fn command(&self, limits: Limits) -> Command {
        let exe = std::env::current_exe().expect("the bench binary's path");
        let mut c = Command::new(exe);
        c.arg("--measure")
            .arg(limits.timeout.as_secs_f64().to_string())
            .arg(limits.rss_cap_kib.to_string())
            .arg(&self.program)
            .args(&self.args)
            .stderr(Stdio::piped());
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

/// Reaps the child with `wait4` (polling every 0.2 ms, so that the limits can be enforced)
/// and returns its rusage. The child must not have been waited for.
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

/// The intermediary (`speed --measure TIMEOUT_S RSS_CAP_KIB PROGRAM ARGS...`): runs the
/// program with this process's standard input and output (its standard error thrown away),
/// and writes `wall cpu max_rss_kib end` on standard error.
///
/// The measuring goes through this small fresh process because a child's `ru_maxrss` is never
/// below the peak RSS of the process that spawned it (the kernel carries the old memory's high
/// water mark over `exec`): the bench itself holds the corpus, this process holds almost
/// nothing.
pub fn intermediary(args: &[String]) -> ! {
    let [timeout, cap, program, rest @ ..] = args else {
        eprintln!("usage: --measure TIMEOUT_S RSS_CAP_KIB PROGRAM ARGS...");
        std::process::exit(2)
    };
    let limits = Limits {
        timeout: Duration::from_secs_f64(timeout.parse().expect("timeout in seconds")),
        rss_cap_kib: cap.parse().expect("memory cap in KiB"),
    };
    let start = Instant::now();
    let mut child = match Command::new(program)
        .args(rest)
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            eprintln!("cannot run {program}: {e}");
            std::process::exit(2)
        }
    };
    let r = reap(&mut child, start, limits);
    let end = match r.end {
        End::Exit(c) => format!("exit:{c}"),
        End::Signal(s) => format!("signal:{s}"),
        End::Timeout => "timeout".to_owned(),
        End::OverMemory => "memory".to_owned(),
    };
    eprintln!("{} {} {} {end}", r.wall, r.cpu, r.max_rss_kib);
    std::process::exit(0)
}

/// Reads the intermediary's report.
fn parse_report(stderr: &[u8]) -> std::io::Result<Run> {
    let text = String::from_utf8_lossy(stderr);
    let bad = || std::io::Error::other(format!("no measurement: {}", text.trim()));
    let line = text.lines().last().ok_or_else(bad)?;
    let f: Vec<&str> = line.split(' ').collect();
    let [wall, cpu, rss, end] = f[..] else {
        return Err(bad());
    };
    let num = |s: &str| s.parse::<f64>().map_err(|_| bad());
    let end = match end.split_once(':') {
        Some(("exit", c)) => End::Exit(c.parse().map_err(|_| bad())?),
        Some(("signal", s)) => End::Signal(s.parse().map_err(|_| bad())?),
        _ if end == "timeout" => End::Timeout,
        _ if end == "memory" => End::OverMemory,
        _ => return Err(bad()),
    };
    Ok(Run {
        wall: num(wall)?,
        cpu: num(cpu)?,
        max_rss_kib: num(rss)? as u64,
        end,
    })
}

/// Runs the command once with its output thrown away.
pub fn run(cmd: &Cmd, limits: Limits) -> std::io::Result<Run> {
    let mut c = cmd.command(limits);
    c.stdout(Stdio::null());
    match &cmd.stdin {
        Some(p) => c.stdin(std::fs::File::open(p)?),
        None => c.stdin(Stdio::null()),
    };
    let out = c.output()?;
    parse_report(&out.stderr)
}

/// What the streaming run saw: when the first byte of output came, and when the last byte of
/// input had been taken by the child (a pipe holds at most 64 KiB ahead of its reader). Both
/// are counted from the start of the intermediary, a millisecond or so before the child's.
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
    let mut c = cmd.command(limits);
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
    let out = child.wait_with_output()?;
    let input_taken = writer.join().expect("writer thread");
    let first_output = reader.join().expect("reader thread");
    Ok(Streaming {
        first_output,
        input_taken,
        run: parse_report(&out.stderr)?,
    })
}
