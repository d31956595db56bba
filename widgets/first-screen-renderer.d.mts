// Types of dist-server/first-screen.js, the embed server's renderer of first screens.
import type { RenderFirstScreen } from './src/first-screen/first-screens.js'

export declare const renderFirstScreen: RenderFirstScreen
