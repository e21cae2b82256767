//! A `redis-server` of a test's own, on a free loopback port, with no
//! persistence, stopped when dropped. Never a shared one: tests that run
//! at once each start theirs.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A running `redis-server`.
pub(crate) struct RedisServer {
    child: Option<Child>,
    port: u16,
}

impl RedisServer {
    /// Starts one, or `None` when `redis-server` is not installed and
    /// `TOOLC_SKIP_REDIS=1` says the tests may skip. Without that, a
    /// missing `redis-server` fails the test, saying how to install it.
    pub fn start() -> Option<Self> {
        let port = free_port();
        let server = RedisServer {
            child: Some(spawn(port)?),
            port,
        };
        server.wait_ready();
        Some(server)
    }

    /// Its URL.
    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Stops it (connections are refused from then on).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts it again on the same port.
    pub fn restart(&mut self) {
        self.stop();
        self.child = spawn(self.port);
        self.wait_ready();
    }

    fn wait_ready(&self) {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        let deadline = Instant::now() + Duration::from_secs(10);
        while TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_err() {
            assert!(
                Instant::now() < deadline,
                "redis-server did not listen on port {} within 10 s",
                self.port
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}

/// A port nothing listens on now: the kernel's pick for port 0.
pub(crate) fn free_port() -> u16 {
    let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0));
    let port = listener.and_then(|l| l.local_addr()).map(|a| a.port());
    port.unwrap_or_else(|e| panic!("no free loopback port: {e}"))
}

fn spawn(port: u16) -> Option<Child> {
    let port_text = port.to_string();
    let child = Command::new("redis-server")
        .args(["--port", &port_text, "--bind", "127.0.0.1"])
        .args(["--save", "", "--appendonly", "no"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn();
    match child {
        Ok(child) => Some(child),
        Err(_) if std::env::var("TOOLC_SKIP_REDIS").as_deref() == Ok("1") => {
            eprintln!("redis-server is missing: skipped (TOOLC_SKIP_REDIS=1)");
            None
        }
        Err(e) => panic!(
            "these tests run redis-server, which did not start ({e}); install it \
             (Debian: apt-get install redis-server) or set TOOLC_SKIP_REDIS=1 to skip them"
        ),
    }
}
