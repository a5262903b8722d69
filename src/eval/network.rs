//! A small feed-forward network for position evaluation, as TD-Gammon's: one hidden layer of
//! sigmoid units and sigmoid outputs (probabilities), with the forward pass and the gradient of
//! every output by hand. Plain loops: at 198 inputs x 80 hidden units a forward pass is 16 k
//! multiply-adds, most inputs are zero (skipped), and a matrix crate would be given one vector
//! at a time.
//!
//! The game supplies the inputs (its encoding, named in the file) and reads the outputs; this
//! module knows no game.
//!
//! # The weights file (version 1)
//!
//! Plain text, so any tool reads it:
//!
//! ```text
//! boardlab-network 1
//! encoding backgammon-td198
//! inputs 198
//! hidden 80
//! outputs 5
//! # free comment lines (the command that trained it, games played)
//! weights
//! <hidden lines of `inputs` numbers: the input-to-hidden weights, one line a hidden unit>
//! <one line of `hidden` numbers: the hidden biases>
//! <outputs lines of `hidden` numbers: the hidden-to-output weights, one line an output>
//! <one line of `outputs` numbers: the output biases>
//! ```
//!
//! Numbers are written in Rust's shortest round-trip form, so a file read back gives the same
//! bits (training checkpoints rely on it); the reader accepts any whitespace between them.

use std::path::Path;

/// The first line of every weights file.
pub const MAGIC: &str = "boardlab-network 1";
/// The largest hidden layer a file may ask for (the forward pass keeps it on the stack).
pub const MAX_HIDDEN: usize = 1024;
/// The most outputs a file may ask for.
pub const MAX_OUTPUTS: usize = 16;
/// The most inputs a file may ask for.
pub const MAX_INPUTS: usize = 100_000;

/// Tag of a network's parameters passed as an engine's weight vector (`to_vector`): the first
/// element, a value no fitted weight has, then the sizes, then the parameters.
pub const VECTOR_TAG: f64 = -9.876_543_21e300;
const VECTOR_HEADER: usize = 4;

#[inline]
pub fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The sizes of a network, and where each block of parameters starts in the flat vector:
/// `[w1 (hidden x inputs), b1 (hidden), w2 (outputs x hidden), b2 (outputs)]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub inputs: usize,
    pub hidden: usize,
    pub outputs: usize,
}

impl Shape {
    pub fn params(&self) -> usize {
        self.hidden * self.inputs + self.hidden + self.outputs * self.hidden + self.outputs
    }
    fn b1(&self) -> usize {
        self.hidden * self.inputs
    }
    fn w2(&self) -> usize {
        self.b1() + self.hidden
    }
    fn b2(&self) -> usize {
        self.w2() + self.outputs * self.hidden
    }
    fn check(&self) -> Result<(), String> {
        if !(1..=MAX_INPUTS).contains(&self.inputs)
            || !(1..=MAX_HIDDEN).contains(&self.hidden)
            || !(1..=MAX_OUTPUTS).contains(&self.outputs)
        {
            return Err(format!(
                "sizes inputs {} hidden {} outputs {} out of range (1..={MAX_INPUTS}, \
                 1..={MAX_HIDDEN}, 1..={MAX_OUTPUTS})",
                self.inputs, self.hidden, self.outputs
            ));
        }
        Ok(())
    }
}

/// A network's parameters, borrowed (from a `Network` or an engine's weight vector).
#[derive(Clone, Copy, Debug)]
pub struct NetRef<'a> {
    pub shape: Shape,
    pub params: &'a [f64],
}

/// The hidden activations and outputs of one forward pass (kept for the gradient).
#[derive(Clone, Debug)]
pub struct Activations {
    pub hidden: Vec<f64>,
    pub outputs: Vec<f64>,
}

impl<'a> NetRef<'a> {
    /// The network in an engine's weight vector (`Network::to_vector`), or None when the vector
    /// is something else (a linear evaluator's weights).
    pub fn from_vector(v: &'a [f64]) -> Option<NetRef<'a>> {
        if v.len() < VECTOR_HEADER || v[0] != VECTOR_TAG {
            return None;
        }
        let shape = Shape {
            inputs: v[1] as usize,
            hidden: v[2] as usize,
            outputs: v[3] as usize,
        };
        (shape.check().is_ok() && v.len() == VECTOR_HEADER + shape.params()).then(|| NetRef {
            shape,
            params: &v[VECTOR_HEADER..],
        })
    }

    /// The outputs for inputs `x`, written into `out` (`outputs` of them); zero inputs are
    /// skipped. Allocation-free.
    pub fn forward(&self, x: &[f64], out: &mut [f64]) {
        let mut h = [0.0f64; MAX_HIDDEN];
        self.forward_hidden(x, &mut h[..self.shape.hidden]);
        self.output_layer(&h[..self.shape.hidden], out);
    }

    fn forward_hidden(&self, x: &[f64], h: &mut [f64]) {
        let s = self.shape;
        let p = self.params;
        h.copy_from_slice(&p[s.b1()..s.b1() + s.hidden]);
        for (i, &xi) in x.iter().enumerate().take(s.inputs) {
            if xi == 0.0 {
                continue;
            }
            // w1 is stored one row a hidden unit: unit j's weight of input i at j * inputs + i.
            for (j, hj) in h.iter_mut().enumerate() {
                *hj += p[j * s.inputs + i] * xi;
            }
        }
        for hj in h.iter_mut() {
            *hj = sigmoid(*hj);
        }
    }

    fn output_layer(&self, h: &[f64], out: &mut [f64]) {
        let s = self.shape;
        let p = self.params;
        for (k, o) in out.iter_mut().enumerate().take(s.outputs) {
            let row = &p[s.w2() + k * s.hidden..s.w2() + (k + 1) * s.hidden];
            let z: f64 = p[s.b2() + k] + row.iter().zip(h).map(|(w, a)| w * a).sum::<f64>();
            *o = sigmoid(z);
        }
    }

    /// The forward pass keeping the hidden activations.
    pub fn activations(&self, x: &[f64]) -> Activations {
        let mut a = Activations {
            hidden: vec![0.0; self.shape.hidden],
            outputs: vec![0.0; self.shape.outputs],
        };
        self.forward_hidden(x, &mut a.hidden);
        self.output_layer(&a.hidden, &mut a.outputs);
        a
    }

    /// The gradient of every output with respect to every parameter at inputs `x`: `grads[k]`
    /// (one vector of `params` a output) is d output_k / d params. Returns the activations.
    ///
    /// With h_j = sigmoid(b1_j + sum_i w1_ji x_i) and y_k = sigmoid(b2_k + sum_j w2_kj h_j):
    /// dy_k/db2_k = y_k (1 - y_k) = d_k, dy_k/dw2_kj = d_k h_j,
    /// dy_k/db1_j = d_k w2_kj h_j (1 - h_j), dy_k/dw1_ji = that times x_i.
    pub fn gradients(&self, x: &[f64], grads: &mut [Vec<f64>]) -> Activations {
        let s = self.shape;
        let b = self.backprop(x);
        for (k, g) in grads.iter_mut().enumerate().take(s.outputs) {
            g.clear();
            g.resize(s.params(), 0.0);
            g[s.b2() + k] = b.d[k];
            for j in 0..s.hidden {
                g[s.w2() + k * s.hidden + j] = b.d[k] * b.act.hidden[j];
                let back = b.back[k * s.hidden + j];
                g[s.b1() + j] = back;
                let row = &mut g[j * s.inputs..(j + 1) * s.inputs];
                for (gi, &xi) in row.iter_mut().zip(x) {
                    *gi = back * xi;
                }
            }
        }
        b.act
    }

    /// The factors every output's gradient is made of (`gradients` writes them out; a trainer
    /// may use them in place, without the five full vectors).
    pub fn backprop(&self, x: &[f64]) -> Backprop {
        let s = self.shape;
        let p = self.params;
        let act = self.activations(x);
        let d: Vec<f64> = act.outputs.iter().map(|y| y * (1.0 - y)).collect();
        let mut back = vec![0.0; s.outputs * s.hidden];
        for k in 0..s.outputs {
            for j in 0..s.hidden {
                let hj = act.hidden[j];
                back[k * s.hidden + j] = d[k] * p[s.w2() + k * s.hidden + j] * hj * (1.0 - hj);
            }
        }
        Backprop { act, d, back }
    }
}

/// What the gradient of output k is made of: d output_k / d b2_k = `d[k]`, / d w2_kj =
/// `d[k] * act.hidden[j]` (zero for the other outputs' rows), / d b1_j = `back[k * hidden + j]`,
/// / d w1_ji = `back[k * hidden + j] * x_i`.
#[derive(Clone, Debug)]
pub struct Backprop {
    pub act: Activations,
    pub d: Vec<f64>,
    pub back: Vec<f64>,
}

impl Shape {
    /// Where the hidden biases start in the flat parameters (after w1).
    pub fn b1_at(&self) -> usize {
        self.b1()
    }
    /// Where the hidden-to-output weights start.
    pub fn w2_at(&self) -> usize {
        self.w2()
    }
    /// Where the output biases start.
    pub fn b2_at(&self) -> usize {
        self.b2()
    }
}

/// A network with its own parameters and the name of the input encoding it was trained on.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub shape: Shape,
    /// The game's name for its inputs (`backgammon-td198`): a file for another encoding is
    /// refused by the game that loads it.
    pub encoding: String,
    pub params: Vec<f64>,
    /// Comment lines kept from the file (without `# `).
    pub comments: Vec<String>,
}

impl Network {
    /// A new network with weights drawn uniformly from [-scale, scale] by `next` (a source of
    /// uniform numbers in [0, 1)), as TD-Gammon started: small random weights.
    pub fn random(
        shape: Shape,
        encoding: &str,
        scale: f64,
        mut next: impl FnMut() -> f64,
    ) -> Network {
        let params = (0..shape.params())
            .map(|_| (2.0 * next() - 1.0) * scale)
            .collect();
        Network {
            shape,
            encoding: encoding.to_string(),
            params,
            comments: Vec::new(),
        }
    }

    pub fn view(&self) -> NetRef<'_> {
        NetRef {
            shape: self.shape,
            params: &self.params,
        }
    }

    /// The network as an engine's weight vector: `VECTOR_TAG`, the three sizes, the parameters
    /// (the back ends hand the vector to the game's `Evaluate::evaluate`, which reads it with
    /// `NetRef::from_vector`).
    pub fn to_vector(&self) -> Vec<f64> {
        let mut v = Vec::with_capacity(VECTOR_HEADER + self.params.len());
        v.extend_from_slice(&[
            VECTOR_TAG,
            self.shape.inputs as f64,
            self.shape.hidden as f64,
            self.shape.outputs as f64,
        ]);
        v.extend_from_slice(&self.params);
        v
    }

    /// The weights file text (format above).
    pub fn to_text(&self) -> String {
        use std::fmt::Write;
        let s = self.shape;
        let mut t = String::with_capacity(self.params.len() * 22);
        let _ = writeln!(t, "{MAGIC}");
        let _ = writeln!(t, "encoding {}", self.encoding);
        let _ = writeln!(t, "inputs {}", s.inputs);
        let _ = writeln!(t, "hidden {}", s.hidden);
        let _ = writeln!(t, "outputs {}", s.outputs);
        for c in &self.comments {
            let _ = writeln!(t, "# {c}");
        }
        t.push_str("weights\n");
        let line = |t: &mut String, xs: &[f64]| {
            for (i, x) in xs.iter().enumerate() {
                if i > 0 {
                    t.push(' ');
                }
                let _ = write!(t, "{x:?}");
            }
            t.push('\n');
        };
        let p = &self.params;
        for j in 0..s.hidden {
            line(&mut t, &p[j * s.inputs..(j + 1) * s.inputs]);
        }
        line(&mut t, &p[s.b1()..s.w2()]);
        for k in 0..s.outputs {
            line(
                &mut t,
                &p[s.w2() + k * s.hidden..s.w2() + (k + 1) * s.hidden],
            );
        }
        line(&mut t, &p[s.b2()..]);
        t
    }

    /// Reads a weights file's text; errors say what is wrong and where (line numbers from 1).
    pub fn parse(text: &str) -> Result<Network, String> {
        let mut lines = text.lines().enumerate();
        let first = lines.next().map(|(_, l)| l.trim_end()).unwrap_or("");
        if first != MAGIC {
            return Err(format!(
                "not a boardlab network file: the first line is {}, not {MAGIC:?}",
                crate::game::error::quote(first)
            ));
        }
        let (mut encoding, mut inputs, mut hidden, mut outputs) = (None, None, None, None);
        let mut comments = Vec::new();
        let mut weights_at = None;
        for (n, l) in lines.by_ref() {
            let l = l.trim();
            if l.is_empty() {
                continue;
            }
            if let Some(c) = l.strip_prefix('#') {
                comments.push(c.trim().to_string());
                continue;
            }
            if l == "weights" {
                weights_at = Some(n + 1);
                break;
            }
            let (key, value) = l.split_once(' ').unwrap_or((l, ""));
            let size = |v: &str| {
                v.trim().parse::<usize>().map_err(|_| {
                    format!(
                        "line {}: {key} must be a whole number, not {}",
                        n + 1,
                        crate::game::error::quote(v)
                    )
                })
            };
            match key {
                "encoding" => encoding = Some(value.trim().to_string()),
                "inputs" => inputs = Some(size(value)?),
                "hidden" => hidden = Some(size(value)?),
                "outputs" => outputs = Some(size(value)?),
                _ => {
                    return Err(format!(
                        "line {}: unknown header line {}",
                        n + 1,
                        crate::game::error::quote(l)
                    ))
                }
            }
        }
        let missing = |what: &str| format!("the header has no {what} line");
        let shape = Shape {
            inputs: inputs.ok_or_else(|| missing("inputs"))?,
            hidden: hidden.ok_or_else(|| missing("hidden"))?,
            outputs: outputs.ok_or_else(|| missing("outputs"))?,
        };
        let encoding = encoding.ok_or_else(|| missing("encoding"))?;
        shape.check()?;
        if weights_at.is_none() {
            return Err("no `weights` line: the file ends in its header (truncated?)".into());
        }
        let want = shape.params();
        let mut params = Vec::with_capacity(want);
        for (n, l) in lines {
            for tok in l.split_whitespace() {
                let x: f64 = tok.parse().map_err(|_| {
                    format!(
                        "line {}: {} is not a number",
                        n + 1,
                        crate::game::error::quote(tok)
                    )
                })?;
                if !x.is_finite() {
                    return Err(format!("line {}: weight {tok} is not finite", n + 1));
                }
                if params.len() == want {
                    return Err(format!(
                        "line {}: more than the {want} weights the sizes call for",
                        n + 1
                    ));
                }
                params.push(x);
            }
        }
        if params.len() != want {
            return Err(format!(
                "{} weights where the sizes (inputs {}, hidden {}, outputs {}) call for {want} \
                 (truncated?)",
                params.len(),
                shape.inputs,
                shape.hidden,
                shape.outputs
            ));
        }
        Ok(Network {
            shape,
            encoding,
            params,
            comments,
        })
    }

    /// Reads a weights file; every error names the file.
    pub fn load(path: &Path) -> Result<Network, String> {
        let bytes = std::fs::read(path)
            .map_err(|e| format!("cannot read network file {}: {e}", path.display()))?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            format!(
                "network file {}: not text (invalid UTF-8 at byte {})",
                path.display(),
                e.valid_up_to()
            )
        })?;
        Network::parse(text).map_err(|e| format!("network file {}: {e}", path.display()))
    }

    /// Writes the file atomically: a temporary file beside it, renamed over it, so a run
    /// killed while writing leaves the old file whole.
    pub fn save(&self, path: &Path) -> Result<(), String> {
        write_atomic(path, &self.to_text())
    }
}

/// Writes `text` to `path` through a temporary file in the same folder and a rename.
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path)
        .map_err(|e| format!("cannot rename {} to {}: {e}", tmp.display(), path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> Network {
        let mut state = 7u64;
        let shape = Shape {
            inputs: 6,
            hidden: 4,
            outputs: 3,
        };
        Network::random(shape, "test", 0.8, || {
            state = crate::game::zobrist::splitmix64(state);
            (state >> 11) as f64 / (1u64 << 53) as f64
        })
    }

    #[test]
    fn the_gradient_equals_finite_differences() {
        let net = small();
        let x = [1.0, 0.0, 0.5, 2.0, 0.0, 1.5];
        let mut grads = vec![Vec::new(); 3];
        net.view().gradients(&x, &mut grads);
        let h = 1e-6;
        let mut worst = 0.0f64;
        for p in 0..net.params.len() {
            let (mut up, mut down) = (net.clone(), net.clone());
            up.params[p] += h;
            down.params[p] -= h;
            let (mut yu, mut yd) = ([0.0; 3], [0.0; 3]);
            up.view().forward(&x, &mut yu);
            down.view().forward(&x, &mut yd);
            for k in 0..3 {
                let numeric = (yu[k] - yd[k]) / (2.0 * h);
                worst = worst.max((numeric - grads[k][p]).abs());
            }
        }
        assert!(worst < 1e-8, "largest difference {worst}");
        // And the gradient is not trivially zero.
        assert!(grads.iter().flatten().filter(|g| g.abs() > 1e-4).count() > 20);
    }

    #[test]
    fn the_text_and_the_vector_give_back_the_same_bits() {
        let net = small();
        let back = Network::parse(&net.to_text()).unwrap();
        assert_eq!(back, net);
        let v = net.to_vector();
        let r = NetRef::from_vector(&v).unwrap();
        let x = [0.0, 1.0, 0.0, 0.0, 3.0, 1.0];
        let (mut a, mut b) = ([0.0; 3], [0.0; 3]);
        r.forward(&x, &mut a);
        net.view().forward(&x, &mut b);
        assert_eq!(a, b);
        assert!(NetRef::from_vector(&[1.0, 2.0, 3.0, 4.0]).is_none());
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let text = small().to_text();
        let err = |t: &str| Network::parse(t).unwrap_err();
        assert!(err("hello\n").contains("not a boardlab network file"));
        assert!(err(&text.replace("hidden 4", "hidden 0")).contains("out of range"));
        assert!(err(&text.replace("hidden 4", "hidden four")).contains("whole number"));
        let cut = &text[..text.len() - 30];
        assert!(err(cut).contains("truncated"), "{}", err(cut));
        assert!(err(&text.replace("weights\n", "")).contains("header"));
        assert!(err(&format!("{text} 1.0\n")).contains("more than"));
        let nan = text.replacen("weights\n", "weights\nNaN ", 1);
        assert!(err(&nan).contains("not finite"), "{}", err(&nan));
    }
}
