//! First-order optimizers for the tuners: Adam (Kingma and Ba 2015, with bias correction) and
//! AdaGrad (Duchi et al. 2011). Each takes a gradient and moves the parameters one step; weights
//! that are held fixed get a zero gradient from the caller.

/// Which optimizer, with its step size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Method {
    Adam { lr: f64, beta1: f64, beta2: f64 },
    AdaGrad { lr: f64 },
}

impl Method {
    pub fn adam(lr: f64) -> Method {
        Method::Adam {
            lr,
            beta1: 0.9,
            beta2: 0.999,
        }
    }
    /// `adam` or `adagrad` with step size `lr`.
    pub fn parse(name: &str, lr: f64) -> Result<Method, String> {
        match name {
            "adam" => Ok(Method::adam(lr)),
            "adagrad" => Ok(Method::AdaGrad { lr }),
            other => Err(format!(
                "optimizer {:?}: give adam or adagrad",
                crate::game::error::quote(other)
            )),
        }
    }
}

const EPS: f64 = 1e-8;

/// The optimizer's state over one parameter vector.
#[derive(Clone, Debug)]
pub struct Optimizer {
    method: Method,
    /// Adam: first moments; AdaGrad: unused.
    m: Vec<f64>,
    /// Adam: second moments; AdaGrad: sums of squared gradients.
    v: Vec<f64>,
    t: u64,
}

impl Optimizer {
    pub fn new(method: Method, n: usize) -> Self {
        Optimizer {
            method,
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
        }
    }

    /// One step downhill: `params -= step(grad)`.
    pub fn step(&mut self, params: &mut [f64], grad: &[f64]) {
        self.t += 1;
        match self.method {
            Method::Adam { lr, beta1, beta2 } => {
                let c1 = 1.0 - beta1.powi(self.t.min(i32::MAX as u64) as i32);
                let c2 = 1.0 - beta2.powi(self.t.min(i32::MAX as u64) as i32);
                for i in 0..params.len() {
                    self.m[i] = beta1 * self.m[i] + (1.0 - beta1) * grad[i];
                    self.v[i] = beta2 * self.v[i] + (1.0 - beta2) * grad[i] * grad[i];
                    let mh = self.m[i] / c1;
                    let vh = self.v[i] / c2;
                    params[i] -= lr * mh / (vh.sqrt() + EPS);
                }
            }
            Method::AdaGrad { lr } => {
                for i in 0..params.len() {
                    self.v[i] += grad[i] * grad[i];
                    params[i] -= lr * grad[i] / (self.v[i].sqrt() + EPS);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both reach the minimum of a badly scaled quadratic.
    #[test]
    fn minimise_a_quadratic() {
        for method in [Method::adam(0.05), Method::AdaGrad { lr: 0.5 }] {
            let target = [3.0, -2.0, 0.5];
            let scale = [1.0, 100.0, 0.01];
            let mut x = vec![0.0; 3];
            let mut opt = Optimizer::new(method, 3);
            for _ in 0..5000 {
                let g: Vec<f64> = (0..3)
                    .map(|i| 2.0 * scale[i] * (x[i] - target[i]))
                    .collect();
                opt.step(&mut x, &g);
            }
            for i in 0..3 {
                assert!((x[i] - target[i]).abs() < 0.05, "{method:?}: {x:?}");
            }
        }
    }
}
