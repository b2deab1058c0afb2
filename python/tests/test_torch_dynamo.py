"""torch.compile(model, backend="ferric"): torch >= 2 only (Dynamo); on this
machine's torch 1.13 these are skipped and run on the GPU machine."""

import pytest

from torch_helpers import assert_close, ft, torch

dynamo = pytest.mark.skipif(
    not hasattr(torch, "_dynamo") or not hasattr(torch, "compile"),
    reason="torch.compile needs torch >= 2 (Dynamo); torch %s here"
    % torch.__version__)

DEVICES = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])


class Block(torch.nn.Module):
    def __init__(self, d=64):
        super().__init__()
        self.norm = torch.nn.LayerNorm(d)
        self.up = torch.nn.Linear(d, 4 * d)
        self.down = torch.nn.Linear(4 * d, d)

    def forward(self, x):
        return x + self.down(torch.nn.functional.gelu(self.up(self.norm(x))))


@dynamo
def test_backend_is_registered():
    from torch._dynamo import list_backends
    assert "ferric" in list_backends(exclude_tags=())


@dynamo
@pytest.mark.parametrize("device", DEVICES)
def test_compile_forward_and_backward(device):
    torch._dynamo.reset()
    torch.manual_seed(0)
    model = Block().to(device)
    x = torch.randn(4, 16, 64, device=device, requires_grad=True)
    compiled = torch.compile(model, backend="ferric")
    out = compiled(x)
    out.sum().backward()
    gx = x.grad.clone()
    x.grad = None
    want = model(x)
    want.sum().backward()
    assert_close(out.detach(), want.detach())
    assert_close(gx, x.grad)


@dynamo
@pytest.mark.parametrize("device", DEVICES)
def test_inductor_fallback(device):
    torch._dynamo.reset()
    model = Block().to(device)
    x = torch.randn(4, 64, device=device)
    compiled = torch.compile(model, backend=ft.backend(fallback="inductor"))
    with torch.no_grad():
        assert_close(compiled(x), model(x))
