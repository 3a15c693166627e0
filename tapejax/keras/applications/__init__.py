"""``tf.keras.applications``: Keras 3's image classification architectures (``weights=None``,
a local weights file, or Keras' cached ImageNet file), with per-family preprocessing."""

from __future__ import annotations

from .._src.applications.convnext import ConvNeXtBase as ConvNeXtBase
from .._src.applications.convnext import ConvNeXtLarge as ConvNeXtLarge
from .._src.applications.convnext import ConvNeXtSmall as ConvNeXtSmall
from .._src.applications.convnext import ConvNeXtTiny as ConvNeXtTiny
from .._src.applications.convnext import ConvNeXtXLarge as ConvNeXtXLarge
from .._src.applications.densenet import DenseNet121 as DenseNet121
from .._src.applications.densenet import DenseNet169 as DenseNet169
from .._src.applications.densenet import DenseNet201 as DenseNet201
from .._src.applications.efficientnet import EfficientNetB0 as EfficientNetB0
from .._src.applications.efficientnet import EfficientNetB1 as EfficientNetB1
from .._src.applications.efficientnet import EfficientNetB2 as EfficientNetB2
from .._src.applications.efficientnet import EfficientNetB3 as EfficientNetB3
from .._src.applications.efficientnet import EfficientNetB4 as EfficientNetB4
from .._src.applications.efficientnet import EfficientNetB5 as EfficientNetB5
from .._src.applications.efficientnet import EfficientNetB6 as EfficientNetB6
from .._src.applications.efficientnet import EfficientNetB7 as EfficientNetB7
from .._src.applications.efficientnet_v2 import EfficientNetV2B0 as EfficientNetV2B0
from .._src.applications.efficientnet_v2 import EfficientNetV2B1 as EfficientNetV2B1
from .._src.applications.efficientnet_v2 import EfficientNetV2B2 as EfficientNetV2B2
from .._src.applications.efficientnet_v2 import EfficientNetV2B3 as EfficientNetV2B3
from .._src.applications.efficientnet_v2 import EfficientNetV2L as EfficientNetV2L
from .._src.applications.efficientnet_v2 import EfficientNetV2M as EfficientNetV2M
from .._src.applications.efficientnet_v2 import EfficientNetV2S as EfficientNetV2S
from .._src.applications.inception_resnet_v2 import InceptionResNetV2 as InceptionResNetV2
from .._src.applications.inception_v3 import InceptionV3 as InceptionV3
from .._src.applications.mobilenet import MobileNet as MobileNet
from .._src.applications.mobilenet import MobileNetV2 as MobileNetV2
from .._src.applications.mobilenet_v3 import MobileNetV3Large as MobileNetV3Large
from .._src.applications.mobilenet_v3 import MobileNetV3Small as MobileNetV3Small
from .._src.applications.nasnet import NASNetLarge as NASNetLarge
from .._src.applications.nasnet import NASNetMobile as NASNetMobile
from .._src.applications.resnet import ResNet50 as ResNet50
from .._src.applications.resnet import ResNet50V2 as ResNet50V2
from .._src.applications.resnet import ResNet101 as ResNet101
from .._src.applications.resnet import ResNet101V2 as ResNet101V2
from .._src.applications.resnet import ResNet152 as ResNet152
from .._src.applications.resnet import ResNet152V2 as ResNet152V2
from .._src.applications.vgg import VGG16 as VGG16
from .._src.applications.vgg import VGG19 as VGG19
from .._src.applications.xception import Xception as Xception
from . import convnext as convnext
from . import densenet as densenet
from . import efficientnet as efficientnet
from . import efficientnet_v2 as efficientnet_v2
from . import imagenet_utils as imagenet_utils
from . import inception_resnet_v2 as inception_resnet_v2
from . import inception_v3 as inception_v3
from . import mobilenet as mobilenet
from . import mobilenet_v2 as mobilenet_v2
from . import mobilenet_v3 as mobilenet_v3
from . import nasnet as nasnet
from . import resnet as resnet
from . import resnet50 as resnet50
from . import resnet_v2 as resnet_v2
from . import vgg16 as vgg16
from . import vgg19 as vgg19
from . import xception as xception

__all__ = [
    "ConvNeXtBase",
    "ConvNeXtLarge",
    "ConvNeXtSmall",
    "ConvNeXtTiny",
    "ConvNeXtXLarge",
    "DenseNet121",
    "DenseNet169",
    "DenseNet201",
    "EfficientNetB0",
    "EfficientNetB1",
    "EfficientNetB2",
    "EfficientNetB3",
    "EfficientNetB4",
    "EfficientNetB5",
    "EfficientNetB6",
    "EfficientNetB7",
    "EfficientNetV2B0",
    "EfficientNetV2B1",
    "EfficientNetV2B2",
    "EfficientNetV2B3",
    "EfficientNetV2L",
    "EfficientNetV2M",
    "EfficientNetV2S",
    "InceptionResNetV2",
    "InceptionV3",
    "MobileNet",
    "MobileNetV2",
    "MobileNetV3Large",
    "MobileNetV3Small",
    "NASNetLarge",
    "NASNetMobile",
    "ResNet101",
    "ResNet101V2",
    "ResNet152",
    "ResNet152V2",
    "ResNet50",
    "ResNet50V2",
    "VGG16",
    "VGG19",
    "Xception",
]
