import '@testing-library/jest-dom/vitest'
import './happy-dom-select'
import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'

afterEach(() => cleanup())
